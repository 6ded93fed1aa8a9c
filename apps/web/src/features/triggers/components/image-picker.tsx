import { Anchor, FileInput, Group, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';

export interface ImagePickerProps {
  label: string;
  value: File | null;
  onChange: (file: File | null) => void;
  error?: string | undefined;
  /** The stored image, kept unless a file is picked or it is removed. */
  currentUrl?: string | undefined;
  onRemoveCurrent?: () => void;
  disabled?: boolean;
}

/** A png/jpeg picker; the file is uploaded when the form is saved. */
export function ImagePicker({
  label,
  value,
  onChange,
  error,
  currentUrl,
  onRemoveCurrent,
  disabled,
}: ImagePickerProps) {
  return (
    <div>
      <FileInput
        label={label}
        placeholder="Choose a png or jpeg image"
        accept="image/png,image/jpeg"
        value={value}
        onChange={onChange}
        error={error}
        clearable
        disabled={disabled}
        leftSection={<IconPhoto size={16} aria-hidden />}
      />
      {!value && currentUrl && (
        <Group gap="xs" mt={4} wrap="nowrap">
          <Text size="xs" c="dimmed" truncate="end" title={currentUrl}>
            Current: {currentUrl}
          </Text>
          {onRemoveCurrent && (
            <Anchor component="button" type="button" size="xs" onClick={onRemoveCurrent} disabled={disabled}>
              Remove
            </Anchor>
          )}
        </Group>
      )}
    </div>
  );
}
