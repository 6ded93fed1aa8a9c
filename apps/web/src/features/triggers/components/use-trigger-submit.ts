import { MSG } from '@pushdeck/contracts';
import { useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { notifyFailure, notifySuccess } from '@/components/feedback/notify';
import { errorMessage, isApiRequestError } from '@/lib/api';
import { type Trigger, uploadImage } from '../api/triggers-api';
import { useCreateTrigger, useUpdateTrigger } from '../api/use-triggers';
import { triggerPaths } from '../lib/route-ids';
import { fieldOfPath, type TriggerFormMode, type TriggerFormValues, triggerPayload } from '../lib/trigger-form';
import { TRIGGER_TEXTS, TRIGGER_TIMINGS } from '../lib/trigger-texts';

interface SubmitOptions {
  mode: TriggerFormMode;
  domainId: number;
  /** The trigger being edited. */
  trigger?: Trigger | undefined;
  form: UseFormReturn<TriggerFormValues>;
}

/** Puts a 422's messages under the fields they belong to; answers whether any landed. */
function showFieldErrors(
  error: unknown,
  form: UseFormReturn<TriggerFormValues>,
  fallbackField?: 'iconFile' | 'imageFile',
) {
  if (!isApiRequestError(error) || error.status !== 422) return false;
  let shown = false;
  for (const [path, messages] of Object.entries(error.errors)) {
    const field = fieldOfPath(path) ?? fallbackField;
    if (field && messages[0]) {
      form.setError(field, { type: 'server', message: messages[0] });
      shown = true;
    }
  }
  return shown;
}

/**
 * Save (creator) and Edit (editor): uploads a picked icon or large image first (a failed upload stops the save),
 * then POST or PUT; on success 'Successfully!' and back to the list after 1.5 s (create) or 1.6 s (edit).
 */
export function useTriggerSubmit({ mode, domainId, trigger, form }: SubmitOptions) {
  const navigate = useNavigate();
  const create = useCreateTrigger();
  const update = useUpdateTrigger();
  const [uploading, setUploading] = useState(false);
  const [saved, setSaved] = useState(false);
  const uploaded = useRef(new Map<File, string>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const upload = async (file: File | null, type: 'icon' | 'image') => {
    if (!file) return undefined;
    const known = uploaded.current.get(file);
    if (known) return known;
    const url = await uploadImage(file, type);
    uploaded.current.set(file, url);
    return url;
  };

  const submit = async (values: TriggerFormValues) => {
    let iconUrl: string | undefined;
    let imageUrl: string | undefined;
    setUploading(true);
    try {
      iconUrl = await upload(values.iconFile, 'icon');
      imageUrl = values.withImage ? await upload(values.imageFile, 'image') : undefined;
    } catch (error) {
      const field = iconUrl === undefined && values.iconFile ? 'iconFile' : 'imageFile';
      showFieldErrors(error, form, field);
      notifyFailure(errorMessage(error, TRIGGER_TEXTS.uploadFailed));
      return;
    } finally {
      setUploading(false);
    }
    const payload = triggerPayload(values, { domainId, base: trigger, iconUrl, imageUrl });
    try {
      if (mode === 'edit' && trigger) await update.mutateAsync({ id: trigger.id, payload });
      else await create.mutateAsync(payload);
    } catch (error) {
      // The fields show their own messages; the snackbar says what went wrong either way.
      showFieldErrors(error, form);
      notifyFailure(errorMessage(error, MSG.error));
      return;
    }
    setSaved(true);
    notifySuccess(MSG.successfully);
    const delay = mode === 'edit' ? TRIGGER_TIMINGS.editRedirectMs : TRIGGER_TIMINGS.createRedirectMs;
    timer.current = setTimeout(() => navigate(triggerPaths.list(domainId)), delay);
  };

  return { submit, saved, busy: uploading || create.isPending || update.isPending };
}
