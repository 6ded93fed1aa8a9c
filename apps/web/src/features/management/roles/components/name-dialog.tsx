import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, TextInput } from '@mantine/core';
import { permissionBodySchema } from '@pushdeck/contracts';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '@/lib/api';
import { applyServerErrors } from '@/lib/forms/server-errors';

/** A role's or permission's name: the contracts' rule ('Fill out the role name' when empty). */
const nameSchema = permissionBodySchema.pick({ name: true });
type NameBody = z.output<typeof nameSchema>;

export interface NameDialogProps {
  opened: boolean;
  title: string;
  label: string;
  initialName?: string;
  submitLabel: string;
  /** Saves the name; a rejection is shown in the dialog (422 under the field, anything else above the buttons). */
  onSubmit: (name: string) => Promise<unknown>;
  /** Closed after a save. */
  onDone: () => void;
  /** Closed without saving (Cancel, Escape, the close button). */
  onCancel: () => void;
}

/** Create or rename a role or a permission: one name field, Enter submits. */
export function NameDialog({
  opened,
  title,
  label,
  initialName = '',
  submitLabel,
  onSubmit,
  onDone,
  onCancel,
}: NameDialogProps) {
  const form = useForm<z.input<typeof nameSchema>, unknown, NameBody>({
    resolver: zodResolver(nameSchema),
    defaultValues: { name: initialName },
  });
  const { reset } = form;
  const [failure, setFailure] = useState<string | null>(null);
  const submitting = form.formState.isSubmitting;

  useEffect(() => {
    if (opened) {
      reset({ name: initialName });
      setFailure(null);
    }
  }, [opened, initialName, reset]);

  const submit = form.handleSubmit(async ({ name }) => {
    setFailure(null);
    try {
      await onSubmit(name);
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['name'])) setFailure(errorMessage(error, 'Error'));
      return;
    }
    onDone();
  });

  return (
    <Modal opened={opened} onClose={submitting ? () => {} : onCancel} title={title} size={350} centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <TextInput
          label={label}
          {...form.register('name')}
          error={form.formState.errors.name?.message}
          withAsterisk
          data-autofocus
          disabled={submitting}
          autoComplete="off"
        />
        {failure && (
          <Alert color="red" role="alert" mt="sm">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
