import { INFRA_MSG } from '@pushdeck/contracts';

/** The Clusters screen's texts (spec part 2 §5, §8). */
export const CLUSTER_TEXTS = {
  fillRequired: INFRA_MSG.clusterRequired,
  syncFailed: INFRA_MSG.clusterSyncFailed,
  clusterSaved: 'Cluster config has been saved!',
  dbSubSaved: 'Database config has been saved!',
  deleted: 'Deleted',
  copyFailed: 'Fail to copy undefined',
} as const;

/** One field's message from a zod issue list or a 422's errors, keyed by the dotted path. */
export type FieldErrors = Record<string, string>;

export function issuesToErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    out[key] ??= issue.message;
  }
  return out;
}

export function serverErrors(errors: Record<string, string[]>): FieldErrors {
  const out: FieldErrors = {};
  for (const [k, v] of Object.entries(errors)) if (v[0]) out[k] = v[0];
  return out;
}
