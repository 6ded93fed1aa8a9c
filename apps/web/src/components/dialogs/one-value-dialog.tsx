import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, TextInput } from '@mantine/core';
import { MSG } from '@pushdeck/contracts';
import { type ReactNode, useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';

export interface OneValueDialogProps {
  opened: boolean;
  title: string;
  label: string;
  initialValue?: string;
  placeholder?: string;
  submitLabel?: string;
  cancelLabel?: string;
  /** Width of the dialog in px, 350 by default (500 for the postback dialog). */
  width?: number;
  /**
   * Called with the trimmed value; a returned Promise (or thenable) keeps the submit button loading until it settles.
   * The caller closes the dialog (set `opened` false) when it is done, and reports its own errors.
   */
  onSubmit: (value: string) => unknown;
  onClose: () => void;
  /** A hint under the field, computed from what is typed (e.g. what of an address is not kept). */
  describe?: (value: string) => ReactNode;
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';

/** The one value: required, trimmed. */
const oneValueSchema = z.object({ value: z.string().trim().min(1, MSG.required) });

/** A modal that asks for one required text value ('Required.' when empty; Enter submits). */
export function OneValueDialog({
  opened,
  title,
  label,
  initialValue = '',
  placeholder,
  submitLabel = 'Save',
  cancelLabel = 'Cancel',
  width = 350,
  onSubmit,
  onClose,
  describe,
}: OneValueDialogProps) {
  // 'Required.' stays until the value changes, then goes until the next submit.
  const form = useForm<z.input<typeof oneValueSchema>, unknown, z.output<typeof oneValueSchema>>({
    resolver: zodResolver(oneValueSchema),
    defaultValues: { value: initialValue },
    reValidateMode: 'onSubmit',
  });
  const { reset } = form;
  const value = useWatch({ control: form.control, name: 'value' });
  const submitting = form.formState.isSubmitting;
  const error = form.formState.errors.value?.message;

  // Each opening starts from the initial value with no error.
  useEffect(() => {
    if (opened) reset({ value: initialValue });
  }, [opened, initialValue, reset]);

  // A returned promise keeps the form submitting (button loading, field disabled) until it settles.
  const submit = form.handleSubmit(async ({ value: trimmed }) => {
    const result = onSubmit(trimmed);
    if (!isThenable(result)) return;
    try {
      await result;
    } catch {
      // The caller reports its own failure (snackbar or popup); the dialog stays open for another try.
    }
  });

  return (
    <Modal opened={opened} onClose={submitting ? () => {} : onClose} title={title} size={width} centered>
      <form
        onSubmit={(event) => {
          if (submitting) event.preventDefault();
          else void submit(event);
        }}
        noValidate
      >
        <TextInput
          label={label}
          placeholder={placeholder}
          description={describe?.(value)}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.register('value', { onChange: () => form.clearErrors('value') })}
          error={error}
          withAsterisk
          data-autofocus
          disabled={submitting}
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose} disabled={submitting}>
            {cancelLabel}
          </Button>
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
