import { Button, Group, Modal, TextInput } from '@mantine/core';
import { MSG } from '@pushdeck/contracts';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';

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
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  // Each opening starts from the initial value with no error.
  useEffect(() => {
    if (opened) {
      setValue(initialValue);
      setError(null);
    }
  }, [opened, initialValue]);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const trimmed = value.trim();
    if (!trimmed) {
      setError(MSG.required);
      return;
    }
    const result = onSubmit(trimmed);
    if (isThenable(result)) {
      setSubmitting(true);
      try {
        await result;
      } catch {
        // The caller reports its own failure (snackbar or popup); the dialog stays open for another try.
      } finally {
        setSubmitting(false);
      }
    }
  };

  return (
    <Modal opened={opened} onClose={submitting ? () => {} : onClose} title={title} size={width} centered>
      <form onSubmit={handleSubmit} noValidate>
        <TextInput
          label={label}
          placeholder={placeholder}
          description={describe?.(value)}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            if (error) setError(null);
          }}
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
