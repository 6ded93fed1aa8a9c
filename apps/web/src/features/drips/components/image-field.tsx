import { Button, FileButton, Group, Image, TextInput } from '@mantine/core';
import { DRIP_LIMITS, DRIP_MSG } from '@pushdeck/contracts';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '@/lib/api';
import { safeUrl } from '../lib/notification';

export type UploadImage = (file: File, type: 'icon' | 'image') => Promise<string>;

export interface ImageFieldProps {
  label: string;
  type: 'icon' | 'image';
  value: string;
  onChange: (url: string) => void;
  upload: UploadImage;
  error?: string | undefined;
  disabled?: boolean;
}

const ACCEPT = 'image/png,image/jpeg';

/** An image address with an Upload button (png or jpeg only, checked here and again by the server). */
export function ImageField({ label, type, value, onChange, upload, error, disabled }: ImageFieldProps) {
  const [busy, setBusy] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const limit = type === 'icon' ? DRIP_LIMITS.iconBytes : DRIP_LIMITS.imageBytes;

  const pick = async (file: File | null) => {
    if (!file) return;
    setUploadError(null);
    if (!['image/png', 'image/jpeg'].includes(file.type)) return setUploadError(DRIP_MSG.imageType);
    if (file.size > limit) return setUploadError(DRIP_MSG.imageSize(type));
    setBusy(true);
    try {
      onChange(await upload(file, type));
    } catch (failure) {
      setUploadError(errorMessage(failure, DRIP_MSG.imageType));
    } finally {
      setBusy(false);
    }
  };
  const shown = safeUrl(value);

  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      {shown && <Image src={shown} alt="" w={36} h={36} fit="contain" radius="sm" />}
      <TextInput
        label={label}
        placeholder="https://…"
        value={value}
        onChange={(e) => {
          setUploadError(null);
          onChange(e.currentTarget.value);
        }}
        error={uploadError ?? error}
        disabled={disabled}
        style={{ flex: 1 }}
      />
      <FileButton onChange={pick} accept={ACCEPT} disabled={disabled || busy}>
        {(props) => (
          <Button
            {...props}
            variant="default"
            leftSection={<IconUpload size={16} aria-hidden />}
            loading={busy}
            aria-label={`Upload ${label}`}
            mb={(uploadError ?? error) ? 22 : 0}
          >
            Upload
          </Button>
        )}
      </FileButton>
    </Group>
  );
}
