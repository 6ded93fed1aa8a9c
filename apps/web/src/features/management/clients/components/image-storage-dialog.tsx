import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Divider,
  Group,
  Modal,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  type ImageStorage,
  type ImageStorageInput,
  INFRA_MSG,
  imageStorageInputSchema,
  imagesPublicFolderSchema,
  type ManagedClient,
} from '@pushdeck/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { PanelError } from '@/components/data-panel/panel-error';
import { PanelSkeleton } from '@/components/data-panel/panel-skeleton';
import { confirmAction } from '@/components/dialogs/confirm';
import { notifySuccess } from '@/components/feedback/notify';
import { isApiRequestError } from '@/lib/api';
import { bodyResolver, flatErrors, setFieldErrors } from '@/lib/forms/body-resolver';
import { useClient, useSetImageStorage } from '../api/use-clients';
import { failureText } from '../lib/client-texts';

type Field =
  | 'IMAGES_STORAGE_DRIVER'
  | 'IMAGES_STORAGE_HOST'
  | 'IMAGES_STORAGE_USERNAME'
  | 'IMAGES_STORAGE_PASSWORD'
  | 'IMAGES_STORAGE_PUBLIC_DOMAIN'
  | 'IMAGES_STORAGE_DOC_ROOT'
  | 'IMAGES_STORAGE_PUBLIC_ROOT';
type Values = Record<Field, string>;

const EMPTY: Values = {
  IMAGES_STORAGE_DRIVER: 's3',
  IMAGES_STORAGE_HOST: '',
  IMAGES_STORAGE_USERNAME: '',
  IMAGES_STORAGE_PASSWORD: '',
  IMAGES_STORAGE_PUBLIC_DOMAIN: '',
  IMAGES_STORAGE_DOC_ROOT: '',
  IMAGES_STORAGE_PUBLIC_ROOT: '',
};

const fromStored = (s: ImageStorage | null | undefined): Values => (s ? { ...s, IMAGES_STORAGE_PASSWORD: '' } : EMPTY);

/** What each field means for each driver (the labels stay the spec's names). */
const HINTS: Record<'local' | 's3', Partial<Record<Field, string>>> = {
  s3: {
    IMAGES_STORAGE_HOST: 'The S3 endpoint URL, e.g. https://s3.eu-central-1.amazonaws.com',
    IMAGES_STORAGE_USERNAME: 'Access key id',
    IMAGES_STORAGE_PASSWORD: 'Secret access key',
    IMAGES_STORAGE_DOC_ROOT: 'Bucket',
    IMAGES_STORAGE_PUBLIC_ROOT: 'Key prefix inside the bucket',
    IMAGES_STORAGE_PUBLIC_DOMAIN: 'Public URL of the bucket (the images’ full_url starts with it)',
  },
  local: {
    IMAGES_STORAGE_DOC_ROOT: 'Absolute folder on the Pushdeck server',
    IMAGES_STORAGE_PUBLIC_ROOT: 'Sub-folder (and URL path) under it',
    IMAGES_STORAGE_PUBLIC_DOMAIN: 'Public URL that serves the folder',
  },
};

type Driver = 'local' | 's3';
/**
 * The fields whose meaning depends on the driver (a bucket and its key prefix, or a folder and its sub-folder): each
 * driver keeps its own while the other is chosen. Host, username, password and public domain stay as typed.
 */
const PER_DRIVER = ['IMAGES_STORAGE_DOC_ROOT', 'IMAGES_STORAGE_PUBLIC_ROOT'] as const;
type PerDriver = Pick<Values, (typeof PER_DRIVER)[number]>;

const LABELS: [Field, string][] = [
  ['IMAGES_STORAGE_HOST', 'Host'],
  ['IMAGES_STORAGE_USERNAME', 'Username'],
  ['IMAGES_STORAGE_PUBLIC_DOMAIN', 'Public domain'],
  ['IMAGES_STORAGE_DOC_ROOT', 'Document root'],
  ['IMAGES_STORAGE_PUBLIC_ROOT', 'Public root'],
];

export interface ImageStorageDialogProps {
  client: ManagedClient | null;
  onClose: () => void;
}

/**
 * A client's image storage (spec part 2 §2, §3; issue #16): every IMAGES_STORAGE_* field required; the secret is
 * never shown (left empty on edit it is kept); the public folder is saved on its own. Without a config the client's
 * uploads go to the instance's own folder.
 */
export function ImageStorageDialog({ client, onClose }: ImageStorageDialogProps) {
  const opened = client !== null;
  const current = useClient(client?.id ?? 0, opened);
  const save = useSetImageStorage();
  const [formError, setFormError] = useState<string | null>(null);
  const [folderError, setFolderError] = useState<string | null>(null);
  const stored = current.data?.images_storage ?? null;
  // the contracts' schema checks the config as sent (the password only when typed; needed unless one is stored)
  const resolver = useMemo(
    () =>
      bodyResolver<Values, ImageStorageInput>(
        ({ IMAGES_STORAGE_PASSWORD, ...rest }) => ({
          ...rest,
          ...(IMAGES_STORAGE_PASSWORD ? { IMAGES_STORAGE_PASSWORD } : {}),
        }),
        imageStorageInputSchema,
        stored?.password_set ? [] : ['IMAGES_STORAGE_PASSWORD'],
      ),
    [stored?.password_set],
  );
  // messages follow a save, not every keystroke
  const form = useForm<Values, unknown, ImageStorageInput>({
    resolver,
    defaultValues: EMPTY,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const folderForm = useForm<{ folder: string }, unknown, { folder: string }>({
    resolver: zodResolver(z.object({ folder: imagesPublicFolderSchema })),
    defaultValues: { folder: '' },
    shouldFocusError: false,
  });
  const { reset } = form;
  const resetFolder = folderForm.reset;
  const errors = flatErrors(form.formState.errors);
  /** The per-driver fields of the driver not chosen now, as last typed (or stored). */
  const otherDriver = useRef<Partial<Record<Driver, PerDriver>>>({});
  /** The client whose stored config the form was filled from in this opening: a later refetch never wipes typing. */
  const filledFor = useRef<number | null>(null);

  useEffect(() => {
    if (!opened) {
      filledFor.current = null;
      return;
    }
    if (!current.data || filledFor.current === current.data.id) return;
    filledFor.current = current.data.id;
    otherDriver.current = {};
    reset(fromStored(current.data.images_storage));
    resetFolder({ folder: current.data.images_storage_public_folder ?? '' });
    setFormError(null);
    setFolderError(null);
  }, [opened, current.data, reset, resetFolder]);

  const driver: Driver = form.watch('IMAGES_STORAGE_DRIVER') === 'local' ? 'local' : 's3';

  /** Switches the driver: the leaving driver's own fields are kept for a switch back, the arriving one's come back. */
  const switchDriver = (next: Driver, change: (value: Driver) => void) => {
    if (next === driver) return;
    const values = form.getValues();
    otherDriver.current[driver] = {
      IMAGES_STORAGE_DOC_ROOT: values.IMAGES_STORAGE_DOC_ROOT,
      IMAGES_STORAGE_PUBLIC_ROOT: values.IMAGES_STORAGE_PUBLIC_ROOT,
    };
    const back = otherDriver.current[next];
    if (back) for (const field of PER_DRIVER) form.setValue(field, back[field]);
    change(next);
  };

  const submit = form.handleSubmit(
    (body) => {
      if (!client) return;
      setFormError(null);
      save.mutate(
        { id: client.id, images_storage: body },
        {
          onSuccess: (saved) => {
            notifySuccess('Image storage config has been updated!');
            // the form now shows what is stored: the secret typed is never shown back (nor kept in the form)
            otherDriver.current = {};
            reset(fromStored(saved.images_storage));
          },
          onError: (error) => {
            if (isApiRequestError(error) && error.status === 422) {
              const fromServer: Record<string, string> = {};
              for (const [k, v] of Object.entries(error.errors))
                fromServer[k.replace(/^images_storage\./, '')] = v[0] ?? '';
              setFieldErrors(form, fromServer);
            }
            setFormError(failureText(error, INFRA_MSG.storageConfigFailed));
          },
        },
      );
    },
    () => {
      if (client) setFormError(INFRA_MSG.storageConfigFailed);
    },
  );

  const saveFolder = folderForm.handleSubmit(
    ({ folder }) => {
      if (!client) return;
      setFolderError(null);
      save.mutate(
        { id: client.id, images_storage_public_folder: folder },
        {
          onSuccess: () => notifySuccess('Image storage path has been updated!'),
          onError: (error) => setFolderError(failureText(error, INFRA_MSG.storagePathFailed)),
        },
      );
    },
    (invalid) => {
      if (client) setFolderError(`${INFRA_MSG.storagePathFailed} ${invalid.folder?.message ?? ''}`.trim());
    },
  );

  const resetToInstanceFolder = async () => {
    if (!client) return;
    const text = `${client.name}'s uploads will go to this instance's own folder again (the stored config and its secret are removed).`;
    if (!(await confirmAction({ text }))) return;
    save.mutate(
      { id: client.id, images_storage: null },
      {
        onSuccess: () => notifySuccess('Image storage config has been updated!'),
        onError: (error) => setFormError(failureText(error, INFRA_MSG.storageConfigFailed)),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={`Image storage: ${client?.name ?? ''}`} size="lg" centered>
      {current.isPending ? (
        // the config's fields in grey: the dialog keeps its size when the config comes
        <PanelSkeleton lines={5} height={36} label="Loading image storage" />
      ) : current.isError ? (
        <PanelError
          message={failureText(current.error, 'The client could not be loaded.')}
          onRetry={() => current.refetch()}
          retrying={current.isFetching}
        />
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {stored
              ? `Uploads of this client go to ${stored.IMAGES_STORAGE_DRIVER === 's3' ? 'the S3 bucket' : 'the folder'} below.`
              : 'No storage configured: uploads of this client go to this instance’s own folder.'}
          </Text>
          <form onSubmit={submit} noValidate aria-label="Image storage config">
            <Stack gap="sm">
              {formError && (
                <Alert color="red" role="alert">
                  {formError}
                </Alert>
              )}
              <Controller
                control={form.control}
                name="IMAGES_STORAGE_DRIVER"
                render={({ field }) => (
                  <Select
                    label="Driver"
                    withAsterisk
                    data={[
                      { value: 's3', label: 's3 (any S3-compatible store)' },
                      { value: 'local', label: 'local (a folder on this server)' },
                    ]}
                    value={field.value}
                    onChange={(v) => switchDriver(v === 'local' ? 'local' : 's3', field.onChange)}
                    onBlur={field.onBlur}
                    allowDeselect={false}
                    error={errors.IMAGES_STORAGE_DRIVER}
                  />
                )}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {LABELS.map(([field, label]) => (
                  <TextInput
                    key={field}
                    label={label}
                    description={HINTS[driver][field]}
                    withAsterisk
                    autoComplete="off"
                    {...form.register(field)}
                    error={errors[field]}
                  />
                ))}
                <PasswordInput
                  label="Password"
                  description={HINTS[driver].IMAGES_STORAGE_PASSWORD}
                  withAsterisk={!stored?.password_set}
                  autoComplete="new-password"
                  placeholder={stored?.password_set ? 'Stored: leave empty to keep it' : undefined}
                  {...form.register('IMAGES_STORAGE_PASSWORD')}
                  error={errors.IMAGES_STORAGE_PASSWORD}
                />
              </SimpleGrid>
              <Group justify="space-between">
                <Button variant="subtle" color="gray" onClick={() => void resetToInstanceFolder()} disabled={!stored}>
                  Use the instance folder
                </Button>
                <Button type="submit" loading={save.isPending}>
                  Save config
                </Button>
              </Group>
            </Stack>
          </form>
          <Divider />
          <Stack gap="xs">
            {folderError && (
              <Alert color="red" role="alert">
                {folderError}
              </Alert>
            )}
            <Group align="flex-end">
              <TextInput
                style={{ flex: 1 }}
                label="Public folder"
                description="This client's folder under the public root (its client UID when empty)"
                {...folderForm.register('folder')}
              />
              <Button variant="light" onClick={() => void saveFolder()} loading={save.isPending}>
                Save path
              </Button>
            </Group>
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
