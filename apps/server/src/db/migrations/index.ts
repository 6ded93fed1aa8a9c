import { sql as foundation } from './0001-foundation.ts';
import { sql as delivery } from './0002-delivery.ts';
import { sql as tags } from './0003-tags.ts';
import { sql as statistics } from './0004-statistics.ts';
import { sql as statisticsCover } from './0005-statistics-cover.ts';
import { sql as statisticsCoarse } from './0006-statistics-coarse.ts';
import { sql as occurrencesClient } from './0007-occurrences-client.ts';
import { sql as tagsClient } from './0008-tags-client.ts';
import { sql as rateLimits } from './0009-rate-limits.ts';
import { sql as integrationDownloads } from './0010-integration-downloads.ts';
import { sql as auditLog } from './0011-audit-log.ts';
import { sql as exportFiles } from './0012-export-files.ts';
import { sql as copyTools } from './0013-copy-tools.ts';
import { sql as infrastructure } from './0014-infrastructure.ts';
import { sql as billing } from './0015-billing.ts';
import { sql as clientTagsManager } from './0016-client-tags-manager.ts';
import { sql as clientDeletions } from './0017-client-deletions.ts';
import { sql as userDeactivatedAt } from './0018-user-deactivated-at.ts';
import { sql as apiKeys } from './0019-api-keys.ts';
import { sql as webhooks } from './0020-webhooks.ts';
import { sql as apiSends } from './0021-api-sends.ts';

export interface Migration {
  id: string;
  sql: string;
}

/** Applied in order, each once, each in its own transaction. Never edit one that has shipped: add the next. */
export const migrations: readonly Migration[] = [
  { id: '0001_foundation', sql: foundation },
  { id: '0002_delivery', sql: delivery },
  { id: '0003_tags', sql: tags },
  { id: '0004_statistics', sql: statistics },
  { id: '0005_statistics_cover', sql: statisticsCover },
  { id: '0006_statistics_coarse', sql: statisticsCoarse },
  { id: '0007_occurrences_client', sql: occurrencesClient },
  { id: '0008_tags_client', sql: tagsClient },
  { id: '0009_rate_limits', sql: rateLimits },
  { id: '0010_integration_downloads', sql: integrationDownloads },
  { id: '0011_audit_log', sql: auditLog },
  { id: '0012_export_files', sql: exportFiles },
  { id: '0013_copy_tools', sql: copyTools },
  { id: '0014_infrastructure', sql: infrastructure },
  { id: '0015_billing', sql: billing },
  { id: '0016_client_tags_manager', sql: clientTagsManager },
  { id: '0017_client_deletions', sql: clientDeletions },
  { id: '0018_user_deactivated_at', sql: userDeactivatedAt },
  { id: '0019_api_keys', sql: apiKeys },
  { id: '0020_webhooks', sql: webhooks },
  { id: '0021_api_sends', sql: apiSends },
];
