import { Switch } from '@mantine/core';
import { DOMAIN_MSG } from '@pushdeck/contracts';
import { confirmAction } from '@/components/dialogs/confirm';
import { notifyFailure, notifySuccess } from '@/components/feedback/notify';
import { errorMessage } from '@/lib/api';
import { useUpdateDomain } from '../api/use-domains';

interface StatusToggleProps {
  domainId: number;
  isActive: boolean;
}

/** The domain's on/off switch: asks 'Are you sure?' / 'Yes!' first, then sends is_active 1 or 0. */
export function StatusToggle({ domainId, isActive }: StatusToggleProps) {
  const update = useUpdateDomain(domainId);

  const toggle = async () => {
    if (update.isPending) return;
    if (!(await confirmAction())) return;
    update.mutate(
      { is_active: isActive ? 0 : 1 },
      {
        onSuccess: () => notifySuccess(DOMAIN_MSG.statusSuccess),
        onError: (error) => notifyFailure(errorMessage(error, 'Error!')),
      },
    );
  };

  const label = `Status is: ${isActive ? 'on' : 'off'}`;
  return (
    <Switch
      checked={isActive}
      onChange={() => void toggle()}
      disabled={update.isPending}
      label={label}
      // The label wraps the description too: name the switch by its label alone.
      aria-label={label}
      description="Change your domain status."
      size="md"
    />
  );
}
