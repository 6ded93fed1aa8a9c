import { DRIP_LIMITS, DRIP_MSG, dripWriteSchema, IMAGE_UPLOAD_TYPES } from '@pushdeck/contracts';
import type { FieldError, Resolver } from 'react-hook-form';
import type { Trigger } from '../api/triggers-api';

/** create: the Trigger Creator (POST); edit: the Trigger Editor (PUT, where url and message are required too). */
export type TriggerFormMode = 'create' | 'edit';

export interface TriggerFormValues {
  /** The trigger's name: the event a website raises. */
  event: string;
  title: string;
  message: string;
  url: string;
  /** The stored icon's address; a picked `iconFile` replaces it on save. */
  icon: string;
  iconFile: File | null;
  withImage: boolean;
  image: string;
  imageFile: File | null;
  withButtons: boolean;
  buttonCount: '1' | '2';
  button1: string;
  button2: string;
  /** Milliseconds between the event and the notification. */
  delay: number | string;
}

export type TriggerField = keyof TriggerFormValues;

export const EMPTY_TRIGGER_FORM: TriggerFormValues = {
  event: '',
  title: '',
  message: '',
  url: '',
  icon: '',
  iconFile: null,
  withImage: false,
  image: '',
  imageFile: null,
  withButtons: false,
  buttonCount: '1',
  button1: '',
  button2: '',
  delay: 0,
};

const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const textOf = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The editor's form, prefilled from a stored trigger (body is read as the message). */
export function formFromTrigger(trigger: Trigger): TriggerFormValues {
  const c = record(trigger.customization);
  const image = textOf(c.image);
  const button1 = textOf(record(c.button1).title);
  const button2 = textOf(record(c.button2).title);
  const delay = record(trigger.meta).delay;
  return {
    ...EMPTY_TRIGGER_FORM,
    event: trigger.event ?? '',
    title: trigger.title,
    message: trigger.body ?? '',
    url: trigger.url ?? '',
    icon: trigger.icon ?? '',
    withImage: image !== '',
    image,
    withButtons: button1 !== '' || button2 !== '',
    buttonCount: button2 !== '' ? '2' : '1',
    button1,
    button2,
    delay: typeof delay === 'number' ? delay : 0,
  };
}

/** The button titles that are sent: only with Action Buttons on, only non-empty ones, the second only with 2. */
export function buttonTitles(values: TriggerFormValues): string[] {
  if (!values.withButtons) return [];
  const titles = [values.button1, values.buttonCount === '2' ? values.button2 : ''];
  return titles.map((t) => t.trim()).filter(Boolean);
}

export interface PayloadContext {
  domainId: number;
  /** The trigger being edited: its other customization and meta fields and its status are kept. */
  base?: Trigger | undefined;
  /** Addresses of the images uploaded for this save (else the stored ones are kept). */
  iconUrl?: string | undefined;
  imageUrl?: string | undefined;
}

/** The object the server takes (POST /v1/drips, PUT /v1/drips/{id}); a large image is dropped when unticked. */
export function triggerPayload(values: TriggerFormValues, ctx: PayloadContext): Record<string, unknown> {
  const stored = record(ctx.base?.customization);
  const icon = ctx.iconUrl ?? values.icon;
  const image = values.withImage ? (ctx.imageUrl ?? values.image) : '';
  const [button1, button2] = buttonTitles(values);
  return {
    domain_id: ctx.domainId,
    type: 'trigger',
    event: values.event,
    title: values.title,
    body: values.message,
    url: values.url,
    ...(icon ? { icon } : {}),
    customization: {
      requireInteraction: Boolean(stored.requireInteraction),
      ...(stored.ttl !== undefined && stored.ttl !== null ? { ttl: stored.ttl } : {}),
      ...(image ? { image } : {}),
      ...(button1 ? { button1: { title: button1 } } : {}),
      ...(button2 ? { button2: { title: button2 } } : {}),
    },
    meta: { ...record(ctx.base?.meta), delay: values.delay === '' ? 0 : values.delay },
    ...(ctx.base ? { is_active: ctx.base.is_active } : { schedule: { after_days: 0, after_hours: 0, after_mins: 0 } }),
  };
}

/** Which form field a server (or schema) error path belongs to; null for the form as a whole. */
export function fieldOfPath(path: string): TriggerField | null {
  if (path === 'event' || path === 'title' || path === 'url') return path;
  if (path === 'body') return 'message';
  if (path === 'icon') return 'iconFile';
  if (path.startsWith('meta')) return 'delay';
  if (path === 'customization.image') return 'imageFile';
  if (path.startsWith('customization.button2')) return 'button2';
  if (path.startsWith('customization.button')) return 'button1';
  return null;
}

const IMAGE_TYPES = ['image/png', 'image/jpeg'];

/** A picked icon or large image: png or jpeg, within its size limit; null when acceptable. */
export function imageFileError(file: File | null, type: (typeof IMAGE_UPLOAD_TYPES)[number]): string | null {
  if (!file) return null;
  if (!IMAGE_TYPES.includes(file.type)) return DRIP_MSG.imageType;
  const limit = type === 'icon' ? DRIP_LIMITS.iconBytes : DRIP_LIMITS.imageBytes;
  return file.size > limit ? DRIP_MSG.imageSize(type) : null;
}

export type TriggerErrors = Partial<Record<TriggerField | 'root', FieldError>>;

/** The form's errors under the server's own schema for a trigger (plus the picked files' type and size). */
export function validateTrigger(values: TriggerFormValues, mode: TriggerFormMode, domainId: number): TriggerErrors {
  const errors: TriggerErrors = {};
  const put = (field: TriggerField | 'root', message: string) => {
    errors[field] ??= { type: 'validate', message };
  };
  const iconError = imageFileError(values.iconFile, IMAGE_UPLOAD_TYPES[0]);
  if (iconError) put('iconFile', iconError);
  const imageError = values.withImage ? imageFileError(values.imageFile, IMAGE_UPLOAD_TYPES[1]) : null;
  if (imageError) put('imageFile', imageError);
  // A picked file is uploaded on save: its address is not known yet, so it is left out of this check.
  const payload = triggerPayload(
    { ...values, icon: values.iconFile ? '' : values.icon, image: values.imageFile ? '' : values.image },
    { domainId },
  );
  const parsed = dripWriteSchema({ type: 'trigger', editor: mode === 'edit' }).safeParse(payload);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) put(fieldOfPath(issue.path.join('.')) ?? 'root', issue.message);
  }
  return errors;
}

/** react-hook-form resolver: the same rules the server applies, with the spec's texts. */
export function triggerResolver(mode: TriggerFormMode, domainId: number): Resolver<TriggerFormValues> {
  return async (values) => {
    const errors = validateTrigger(values, mode, domainId);
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}
