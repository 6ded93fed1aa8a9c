import { CopyWizard } from './copy-wizard';

/** /drip-tools/copy: Copy Tools (first version): recurring and welcome drips and audience filters. */
export function CopyToolsPage() {
  return <CopyWizard mode="copy" />;
}

/** /drip-tools/copy_2: Copy Tools 2.0: recurring drips (with groups) copied by a job. */
export function CopyTools2Page() {
  return <CopyWizard mode="copy2" />;
}

/** /drip-tools/recurring_migration: recurring drips copied into a spam schedule on one website. */
export function RecurringMigrationPage() {
  return <CopyWizard mode="migration" />;
}
