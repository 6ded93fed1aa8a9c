import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { MSG, type Tag, type TagType, tagWriteSchema } from '@pushdeck/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
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

type Field = 'name' | 'type';
const TYPE_OPTIONS = TAG_CARDS.map((card) => ({ value: card.type, label: card.label }));

/** The create/update popup: Tag Name and Tag Type, 'Required.' under empty fields; closes 2 s after a success. */
export function TagFormDialog({ opened, tag, defaultType, onClose }: TagFormDialogProps) {
  const save = useSaveTag();
  const [name, setName] = useState('');
  const [type, setType] = useState<string | null>(null);
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set());
  const [saved, setSaved] = useState(false);
  const [serverError, showServerError] = useTimedMessage(TAG_ERROR_MS);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!opened) return;
    setName(tag?.name ?? '');
    setType(tag?.type ?? defaultType ?? null);
    setTouched(new Set());
    setSaved(false);
  }, [opened, tag, defaultType]);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const parsed = tagWriteSchema.safeParse({ name, type: type ?? '' });
  const errorOf = (field: Field) =>
    !parsed.success && touched.has(field) ? parsed.error.issues.find((i) => i.path[0] === field)?.message : undefined;
  const touch = (field: Field) => setTouched((current) => new Set(current).add(field));
  const busy = save.isPending || saved;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!parsed.success) {
      setTouched(new Set<Field>(['name', 'type']));
      if (parsed.error.issues.some((issue) => issue.message === MSG.required)) notifyFailure(MSG.fillRequired);
      return;
    }
    save.mutate(
      { id: tag?.id, tag: parsed.data },
      {
        onSuccess: () => {
          setSaved(true);
          closeTimer.current = setTimeout(onClose, TAG_SAVED_CLOSE_MS);
        },
        onError: (error) => showServerError(tagErrorText(error)),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={tag ? 'Update tag' : 'Create tag'} size={420} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Tag Name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            onBlur={() => touch('name')}
            error={errorOf('name')}
            withAsterisk
            data-autofocus
            disabled={busy}
          />
          <Select
            label="Tag Type"
            placeholder="Pick a type"
            data={TYPE_OPTIONS}
            value={type}
            onChange={(value) => {
              setType(value);
              touch('type');
            }}
            onBlur={() => touch('type')}
            error={errorOf('type')}
            withAsterisk
            allowDeselect={false}
            disabled={busy}
            comboboxProps={{ withinPortal: true }}
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
