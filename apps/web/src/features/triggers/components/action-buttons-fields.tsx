import { Checkbox, SegmentedControl, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type Control, Controller, type UseFormRegister, useWatch } from 'react-hook-form';
import type { TriggerFormValues } from '../lib/trigger-form';

interface ActionButtonsFieldsProps {
  control: Control<TriggerFormValues>;
  register: UseFormRegister<TriggerFormValues>;
  errors: { button1?: string | undefined; button2?: string | undefined };
  disabled: boolean;
}

/** Optional Action Buttons: 1 or 2, each with a title (empty titles are not sent). */
export function ActionButtonsFields({ control, register, errors, disabled }: ActionButtonsFieldsProps) {
  const [withButtons, count] = useWatch({ control, name: ['withButtons', 'buttonCount'] });
  return (
    <Stack gap="xs">
      <Controller
        control={control}
        name="withButtons"
        render={({ field }) => (
          <Checkbox
            label="Action Buttons"
            checked={field.value}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            onBlur={field.onBlur}
            disabled={disabled}
          />
        )}
      />
      {withButtons && (
        <>
          <Controller
            control={control}
            name="buttonCount"
            render={({ field }) => (
              <SegmentedControl
                aria-label="Number of buttons"
                data={[
                  { value: '1', label: '1 Button' },
                  { value: '2', label: '2 Buttons' },
                ]}
                value={field.value}
                onChange={(value) => field.onChange(value as TriggerFormValues['buttonCount'])}
                disabled={disabled}
                w={220}
              />
            )}
          />
          <SimpleGrid cols={{ base: 1, sm: count === '2' ? 2 : 1 }}>
            <TextInput label="Button 1 title" error={errors.button1} disabled={disabled} {...register('button1')} />
            {count === '2' && (
              <TextInput label="Button 2 title" error={errors.button2} disabled={disabled} {...register('button2')} />
            )}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
