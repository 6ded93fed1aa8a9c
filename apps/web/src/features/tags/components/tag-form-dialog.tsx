import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { MSG, type Tag, type TagType, type TagWrite, tagWriteSchema } from '@pushdeck/contracts';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { notifyFailure } from '@/components/feedback/notify';
import { useSaveTag } from '../api/tags-api';
import { TAG_CARDS, TAG_ERROR_MS, TAG_SAVED_CLOSE_MS, tagErrorText } from '../lib/tag-texts';
import { useTimedMessage } from '../lib/use-timed-message';

export interface TagFormDialogProps {
  opened: boolean;
  /** The tag to update; a new one is created without it. */
  tag?: Tag | undefined;
  /** Preselected type of a new tag (the card's 'Add tag'). */
  defaultType?: TagType | undefined;
  onClose: () => void;
}

const TYPE_OPTIONS = TAG_CARDS.map((card) => ({ value: card.type, label: card.label }));

/** The create/update popup: Tag Name and Tag Type, 'Required.' under empty fields; closes 2 s after a success. */
export function TagFormDialog({ opened, tag, defaultType, onClose }: TagFormDialogProps) {
  const save = useSaveTag();
  const [saved, setSaved] = useState(false);
  const [serverError, showServerError] = useTimedMessage(TAG_ERROR_MS);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A field shows its message once left (or once a save was tried), then follows every change.
  // The type stays unset until one is picked (the schema then says 'Required.').
  const form = useForm<z.input<typeof tagWriteSchema>, unknown, TagWrite>({
    resolver: zodResolver(tagWriteSchema),
    mode: 'onTouched',
    defaultValues: { name: '' },
  });
  const { errors } = form.formState;
  const { reset } = form;

  useEffect(() => {
    if (!opened) return;
    reset({ name: tag?.name ?? '', type: tag?.type ?? defaultType });
    setSaved(false);
  }, [opened, tag, defaultType, reset]);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const busy = save.isPending || saved;

  const submit = form.handleSubmit(
    (values) => {
      if (busy) return;
      save.mutate(
        { id: tag?.id, tag: values },
        {
          onSuccess: () => {
            setSaved(true);
            closeTimer.current = setTimeout(onClose, TAG_SAVED_CLOSE_MS);
          },
          // The tags module shows a server error for a while (spec part 1 §8), not under the field.
          onError: (error) => showServerError(tagErrorText(error)),
        },
      );
    },
    (invalid) => {
      if (busy) return;
      if (Object.values(invalid).some((error) => error?.message === MSG.required)) notifyFailure(MSG.fillRequired);
    },
  );

  return (
    <Modal opened={opened} onClose={onClose} title={tag ? 'Update tag' : 'Create tag'} size={420} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Tag Name"
            error={errors.name?.message}
            withAsterisk
            data-autofocus
            disabled={busy}
            {...form.register('name')}
          />
          <Controller
            control={form.control}
            name="type"
            render={({ field }) => (
              <Select
                label="Tag Type"
                placeholder="Pick a type"
                data={TYPE_OPTIONS}
                value={field.value ?? null}
                onChange={(value) => {
                  field.onChange(value ?? undefined);
                  // Picking a type counts as leaving the field.
                  field.onBlur();
                }}
                onBlur={field.onBlur}
                ref={field.ref}
                error={errors.type?.message}
                withAsterisk
                allowDeselect={false}
                disabled={busy}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
          {saved && (
            <Alert color="teal" role="status">
              {MSG.successfully}
            </Alert>
          )}
          {serverError && (
            <Alert color="red" role="alert">
              {serverError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} disabled={saved}>
              {tag ? 'Update' : 'Create'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
