import { DripManagerPage } from '@/features/drip-tools/components/drip-manager-page';
import { DripSetupPage } from '@/features/drip-tools/components/drip-setup-page';
import { RecurringEditor, WelcomeEditor } from '@/features/drips/screens';

/** Drip Manager: the drip-tools feature's table, each row opening the drips feature's recurring or welcome editor. */
export function DripManagerScreen() {
  return (
    <DripManagerPage
      renderEditor={({ type, domainId, drip, domainUrl, onSaved }) =>
        type === 'welcome' ? (
          <WelcomeEditor key={drip.id} domainId={domainId} drip={drip} domainUrl={domainUrl} onSaved={onSaved} />
        ) : (
          <RecurringEditor key={drip.id} domainId={domainId} drip={drip} domainUrl={domainUrl} onSaved={onSaved} />
        )
      }
    />
  );
}

/** Drip Setup: the drip-tools feature's Domains tree with the drips feature's recurring editor below. */
export function DripSetupScreen() {
  return <DripSetupPage renderEditor={(props) => <RecurringEditor {...props} />} />;
}
