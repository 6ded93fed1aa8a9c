/**
 * NotificationEditor — the notification half of every drip editor (welcome, recurring, Drip Manager's inline editors,
 * Drip Setup). Spec part 1 §2 (Recurring drip editor / Drip Setup, Welcome drip editor), §4, §5, §9.
 *
 * Controlled: the owner keeps the value and the errors.
 *
 *   <NotificationEditor
 *     value={notification}                 // NotificationValue (lib/notification.ts); emptyNotification() for a new drip,
 *                                          // notificationFromDrip(drip) for a stored one
 *     onChange={setNotification}           // receives the whole next value
 *     errors={errors}                      // NotificationErrors: field → message, e.g. { title: 'Max 30 characters' };
 *                                          // from validateNotification(value, mode) and serverFieldErrors(error)
 *     mode="recurring"                     // 'welcome' | 'recurring': welcome also requires the message
 *     disabled={saving}                    // optional
 *     uploadImage={uploadImage}            // optional (file, 'icon' | 'image') => Promise<url>; POST v1/files/uploadImage by default
 *   />
 *
 * On save the owner runs validateNotification(value, mode) (shows 'Fill the required fields out!' when it is not
 * empty) and sends notificationToDrip(value) — title, body, url, icon and customization {requireInteraction, image,
 * ttl, button1, button2} with unticked buttons and image dropped. Pair it with <NotificationPreview value domainUrl />.
 */
import { Checkbox, Group, NumberInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { DRIP_LIMITS } from '@pushdeck/contracts';
import { ActionButtons } from '@/components/notification-fields/action-buttons';
import { uploadImage as defaultUpload } from '../api/drips-api';
import {
  charCount,
  type EditorMode,
  type NotificationButton,
  type NotificationErrors,
  type NotificationValue,
} from '../lib/notification';
import { EmojiPicker } from './emoji-picker';
import { ImageField, type UploadImage } from './image-field';

export interface NotificationEditorProps {
  value: NotificationValue;
  onChange: (next: NotificationValue) => void;
  errors?: NotificationErrors;
  mode: EditorMode;
  disabled?: boolean;
  uploadImage?: UploadImage;
}

function Counter({ text, max }: { text: string; max: number }) {
  const n = charCount(text);
  return (
    <Text span size="xs" c={n > max ? 'red' : 'dimmed'} aria-live="polite">
      {n}/{max}
    </Text>
  );
}

export function NotificationEditor({
  value,
  onChange,
  errors = {},
  mode,
  disabled = false,
  uploadImage = defaultUpload,
}: NotificationEditorProps) {
  const set = <K extends keyof NotificationValue>(key: K, next: NotificationValue[K]) =>
    onChange({ ...value, [key]: next });
  const setButton = (key: 'button1' | 'button2', patch: Partial<NotificationButton>) =>
    onChange({ ...value, [key]: { ...value[key], ...patch } });

  const buttonFields = (key: 'button1' | 'button2', n: 1 | 2) => (
    <Group key={key} grow align="flex-start">
      <TextInput
        label={`Button ${n} title`}
        placeholder={`Button${n}`}
        value={value[key].title}
        onChange={(e) => setButton(key, { title: e.currentTarget.value })}
        error={errors[`${key}.title`]}
        disabled={disabled}
        rightSection={
          <EmojiPicker
            target={`Button ${n} title`}
            onPick={(emoji) => setButton(key, { title: value[key].title + emoji })}
            disabled={disabled}
          />
        }
      />
      <TextInput
        label={`Button ${n} url`}
        placeholder="https://…"
        value={value[key].url}
        onChange={(e) => setButton(key, { url: e.currentTarget.value })}
        error={errors[`${key}.url`]}
        disabled={disabled}
      />
    </Group>
  );

  return (
    <Stack gap="sm">
      <TextInput
        label="Title"
        withAsterisk
        value={value.title}
        onChange={(e) => set('title', e.currentTarget.value)}
        error={errors.title}
        disabled={disabled}
        description={<Counter text={value.title} max={DRIP_LIMITS.titleMax} />}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        rightSection={
          <EmojiPicker target="Title" onPick={(emoji) => set('title', value.title + emoji)} disabled={disabled} />
        }
      />
      <Textarea
        label="Message"
        withAsterisk={mode === 'welcome'}
        placeholder="Type your message ..."
        rows={2}
        value={value.body}
        onChange={(e) => set('body', e.currentTarget.value)}
        error={errors.body}
        disabled={disabled}
        description={<Counter text={value.body} max={DRIP_LIMITS.bodyMax} />}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
      />
      <TextInput
        label="Url"
        placeholder="https://…"
        value={value.url}
        onChange={(e) => set('url', e.currentTarget.value)}
        error={errors.url}
        disabled={disabled}
      />
      <ImageField
        label="Custom Icon"
        type="icon"
        value={value.icon}
        onChange={(url) => set('icon', url)}
        upload={uploadImage}
        error={errors.icon}
        disabled={disabled}
      />
      <Checkbox
        label="Add Large Image"
        checked={value.withImage}
        onChange={(e) => set('withImage', e.currentTarget.checked)}
        disabled={disabled}
      />
      {value.withImage && (
        <ImageField
          label="Large Image"
          type="image"
          value={value.image}
          onChange={(url) => set('image', url)}
          upload={uploadImage}
          error={errors.image}
          disabled={disabled}
        />
      )}
      <ActionButtons
        enabled={value.withButtons}
        onEnabledChange={(on) => set('withButtons', on)}
        count={value.buttonCount}
        onCountChange={(n) => set('buttonCount', n)}
        renderButton={(n) => buttonFields(n === 1 ? 'button1' : 'button2', n)}
        disabled={disabled}
      />
      <NumberInput
        label="Expiry (ttl, seconds)"
        description="Empty: 7200 s (2 hours)"
        min={0}
        max={DRIP_LIMITS.maxTtl}
        allowDecimal={false}
        allowNegative={false}
        value={value.ttl}
        onChange={(n) => set('ttl', n === '' ? '' : String(n))}
        error={errors.ttl}
        disabled={disabled}
      />
      <Checkbox
        label="Require interaction (stays until the visitor acts)"
        checked={value.requireInteraction}
        onChange={(e) => set('requireInteraction', e.currentTarget.checked)}
        disabled={disabled}
      />
    </Stack>
  );
}
