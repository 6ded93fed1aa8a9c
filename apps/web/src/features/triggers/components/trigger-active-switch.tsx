import { Switch } from '@mantine/core';
import { useEffect, useState } from 'react';
import { notifyFailure } from '@/components/feedback/notify';
import { errorMessage } from '@/lib/api';
import type { Trigger } from '../api/triggers-api';
import { useSetTriggerActive } from '../api/use-triggers';

/** The Status column: is_active 1/0, saved at once; a failed save puts the switch back and says why. */
export function TriggerActiveSwitch({ trigger, disabled = false }: { trigger: Trigger; disabled?: boolean }) {
  const save = useSetTriggerActive();
  const [checked, setChecked] = useState(trigger.is_active === 1);
  useEffect(() => setChecked(trigger.is_active === 1), [trigger.is_active]);

  const change = (next: boolean) => {
    setChecked(next);
    save.mutate(
      { trigger, active: next },
      {
        onError: (error) => {
          setChecked(!next);
          notifyFailure(errorMessage(error, 'Error!'));
        },
      },
    );
  };

  return (
    <Switch
      checked={checked}
      onChange={(event) => change(event.currentTarget.checked)}
      disabled={disabled || save.isPending}
      aria-label={`Active: ${trigger.event ?? trigger.title}`}
      label={checked ? 'Active' : 'Inactive'}
      color="teal"
    />
  );
}
