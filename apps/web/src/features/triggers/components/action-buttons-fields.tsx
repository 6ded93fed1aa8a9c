import { TextInput } from '@mantine/core';
import { type Control, type UseFormRegister, useController } from 'react-hook-form';
import { ActionButtons } from '@/components/notification-fields/action-buttons';
import type { TriggerFormValues } from '../lib/trigger-form';

interface ActionButtonsFieldsProps {
  control: Control<TriggerFormValues>;
  register: UseFormRegister<TriggerFormValues>;
  errors: { button1?: string | undefined; button2?: string | undefined };
  disabled: boolean;
}

/** Optional Action Buttons: 1 or 2, each with a title (empty titles are not sent). */
export function ActionButtonsFields({ control, register, errors, disabled }: ActionButtonsFieldsProps) {
  const withButtons = useController({ control, name: 'withButtons' }).field;
  const count = useController({ control, name: 'buttonCount' }).field;
  return (
    <ActionButtons
      enabled={withButtons.value}
      onEnabledChange={withButtons.onChange}
      count={count.value === '2' ? 2 : 1}
      onCountChange={(n) => count.onChange(n === 2 ? '2' : '1')}
      disabled={disabled}
      renderButton={(n) => (
        <TextInput
          label={`Button ${n} title`}
          error={n === 1 ? errors.button1 : errors.button2}
          disabled={disabled}
          {...register(n === 1 ? 'button1' : 'button2')}
        />
      )}
    />
  );
}
