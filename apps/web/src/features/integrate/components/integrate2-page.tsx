import { Alert, Anchor, Code, List, Text, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { combinedWorker, isWorkerPath, PUSHDECK_WORKER_PATH, registrationChange } from '../lib/worker-snippets';
import { DownloadFileButton } from './download-file-button';
import { CheckStep, IdentifySection, PushmineStep } from './install-guide';
import { InstallStep } from './install-step';
import { IntegrationFrame } from './integration-frame';
import { SnippetBlock } from './snippet-block';

const DEFAULT_WORKER = '/sw.js';

/**
 * /dashboard/:id/integrate2: for a site that already registers a service worker for its whole site. A browser
 * keeps one worker per scope, and pushmine.js registers /sw_pm.js for scope '/', so the site's worker and
 * Pushdeck's would keep replacing each other. Here /sw_pm.js becomes the one worker, loading both codes with
 * importScripts.
 */
export function Integrate2Page() {
  const [path, setPath] = useState(DEFAULT_WORKER);
  const valid = isWorkerPath(path);
  const worker = valid ? path : DEFAULT_WORKER;

  return (
    <IntegrationFrame title="Integrate with an existing service worker">
      {(domain) => (
        <>
          <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />} title="Why this is different">
            A browser runs one service worker per site scope. <Code>pushmine.js</Code> registers <Code>/sw_pm.js</Code>{' '}
            for the whole site, so a worker your site registers for the whole site too would be replaced by it (and
            replace it back). Instead, <Code>/sw_pm.js</Code> becomes your site's one worker and loads both Pushdeck's
            code and yours with <Code>importScripts</Code>. If your worker only serves a sub-folder, there is no clash:{' '}
            <Anchor component={Link} to={`/dashboard/${domain.id}/integrate`}>
              use the standard integration
            </Anchor>
            .
          </Alert>
          <TextInput
            label="Path of your current service worker"
            description="As your pages register it today, e.g. /sw.js or /service-worker.js"
            value={path}
            onChange={(event) => setPath(event.currentTarget.value.trim())}
            error={valid ? null : 'Start with a single / and use no spaces.'}
            maw={420}
          />
          <InstallStep step={1} title="Upload Pushdeck's worker code into a folder">
            <Text size="sm">
              Download <Code>sw_pm.js</Code> and upload it as <Code>{PUSHDECK_WORKER_PATH}</Code>. It is imported by the
              file of step 2, so it may live in a folder.
            </Text>
            <div>
              <DownloadFileButton websiteId={domain.website_id} filename="sw_pm" />
            </div>
          </InstallStep>
          <InstallStep step={2} title="Create /sw_pm.js at the root of your site">
            <Text size="sm">
              This small file is the worker browsers run. Your own worker file stays as it is; its code now runs inside{' '}
              <Code>/sw_pm.js</Code>, so relative URLs in it resolve from the site root.
            </Text>
            <SnippetBlock label="Contents of /sw_pm.js" code={combinedWorker(worker)} />
          </InstallStep>
          <InstallStep step={3} title="Stop registering your old worker">
            <Text size="sm">Change the registration in your pages; visitors switch over on their next visit.</Text>
            <SnippetBlock label="Registration change" code={registrationChange(worker)} />
            <List size="sm" spacing={4}>
              <List.Item>
                If your worker shows push notifications from another service, remove that push handler: both would run
                for every push.
              </List.Item>
              <List.Item>Keep your worker file online: /sw_pm.js imports it on every start.</List.Item>
            </List>
          </InstallStep>
          <PushmineStep step={4} websiteId={domain.website_id} siteUrl={domain.url} />
          <CheckStep step={5} domainId={domain.id} />
          <IdentifySection />
        </>
      )}
    </IntegrationFrame>
  );
}
