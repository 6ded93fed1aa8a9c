import { Button, Checkbox, Grid, Group, NumberInput, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { DRIP_LIMITS, MSG } from '@pushdeck/contracts';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { notifyFailure } from '@/components/feedback/notify';
import { BrowserPreviewButton } from '@/components/notification-preview/browser-preview-button';
import type { Trigger } from '../api/triggers-api';
import { buttonTitles, type TriggerFormMode, type TriggerFormValues, triggerResolver } from '../lib/trigger-form';
import { TRIGGER_TEXTS } from '../lib/trigger-texts';
import { ActionButtonsFields } from './action-buttons-fields';
import { ImagePicker } from './image-picker';
import { TriggerPreview } from './trigger-preview';
import { useObjectUrl } from './use-object-url';
import { useTriggerSubmit } from './use-trigger-submit';

export interface TriggerFormProps {
  mode: TriggerFormMode;
  domainId: number;
  initial: TriggerFormValues;
  /** The trigger being edited. */
  trigger?: Trigger | undefined;
  /** The website's address, for the preview. */
  site?: string | undefined;
}

const chars = (s: string) => [...s].length;

/** The Trigger Creator and Editor form: fields on the left, the live preview on the right. */
export function TriggerForm({ mode, domainId, initial, trigger, site }: TriggerFormProps) {
  const form = useForm<TriggerFormValues>({ defaultValues: initial, resolver: triggerResolver(mode, domainId) });
  const { control, register, formState } = form;
  const errors = formState.errors;
  const { submit, saved, busy } = useTriggerSubmit({ mode, domainId, trigger, form });
  const values = useWatch({ control }) as TriggerFormValues;
  const iconPreview = useObjectUrl(values.iconFile ?? null);
  const imagePreview = useObjectUrl(values.imageFile ?? null);
  const icon = iconPreview ?? (values.icon || undefined);
  const image = values.withImage ? (imagePreview ?? (values.image || undefined)) : undefined;
  const shownButtons = values.withButtons
    ? values.buttonCount === '2'
      ? [values.button1, values.button2]
      : [values.button1]
    : [];
  const editor = mode === 'edit';
  const locked = busy || saved;

  const onInvalid = (found: typeof errors) => {
    if (Object.values(found).some((e) => e?.message === MSG.required)) notifyFailure(MSG.fillRequired);
  };
  const previewContent = () => ({
    title: values.title || 'Title',
    body: values.message,
    url: values.url,
    icon,
    image,
    buttons: buttonTitles(values).map((title) => ({ title })),
  });

  return (
    <form
      onSubmit={form.handleSubmit(submit, onInvalid)}
      noValidate
      aria-label={editor ? 'Edit trigger' : 'Create trigger'}
    >
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="lg" radius="md">
            <Stack gap="md">
              <TextInput
                label="Name"
                description="The event your website raises"
                withAsterisk
                autoComplete="off"
                error={errors.event?.message}
                disabled={locked}
                {...register('event')}
              />
              <TextInput
                label="Title"
                withAsterisk
                description={`${chars(values.title ?? '')}/${DRIP_LIMITS.titleMax}`}
                error={errors.title?.message}
                disabled={locked}
                {...register('title')}
              />
              <Textarea
                label="Message"
                withAsterisk={editor}
                rows={2}
                description={`${chars(values.message ?? '')}/${DRIP_LIMITS.bodyMax}`}
                error={errors.message?.message}
                disabled={locked}
                {...register('message')}
              />
              <TextInput
                label="Url"
                withAsterisk={editor}
                placeholder="https://"
                error={errors.url?.message}
                disabled={locked}
                {...register('url')}
              />
              <Controller
                control={control}
                name="iconFile"
                render={({ field }) => (
                  <ImagePicker
                    label="Custom Icon"
                    value={field.value}
                    onChange={field.onChange}
                    error={errors.iconFile?.message}
                    currentUrl={values.icon || undefined}
                    onRemoveCurrent={() => form.setValue('icon', '')}
                    disabled={locked}
                  />
                )}
              />
              <Controller
                control={control}
                name="withImage"
                render={({ field }) => (
                  <Checkbox
                    label="Add Large Image"
                    checked={field.value}
                    onChange={(event) => field.onChange(event.currentTarget.checked)}
                    disabled={locked}
                  />
                )}
              />
              {values.withImage && (
                <Controller
                  control={control}
                  name="imageFile"
                  render={({ field }) => (
                    <ImagePicker
                      label="Large Image"
                      value={field.value}
                      onChange={field.onChange}
                      error={errors.imageFile?.message}
                      currentUrl={values.image || undefined}
                      onRemoveCurrent={() => form.setValue('image', '')}
                      disabled={locked}
                    />
                  )}
                />
              )}
              <ActionButtonsFields
                control={control}
                register={register}
                errors={{ button1: errors.button1?.message, button2: errors.button2?.message }}
                disabled={locked}
              />
              <Controller
                control={control}
                name="delay"
                render={({ field }) => (
                  <NumberInput
                    label={TRIGGER_TEXTS.delayLabel}
                    description="Delay in milliseconds"
                    rightSection={
                      <Text size="xs" c="dimmed">
                        ms
                      </Text>
                    }
                    rightSectionWidth={40}
                    min={0}
                    allowDecimal={false}
                    allowNegative={false}
                    thousandSeparator=" "
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={errors.delay?.message}
                    disabled={locked}
                    w={260}
                  />
                )}
              />
              {errors.root?.message && (
                <Text c="red" size="sm" role="alert">
                  {errors.root.message}
                </Text>
              )}
              {saved && (
                <Text c="teal" size="sm" role="status">
                  {MSG.successfully} Returning to the list…
                </Text>
              )}
              <Group justify="flex-end">
                <BrowserPreviewButton content={previewContent} site={site} />
                <Button type="submit" loading={busy} disabled={saved}>
                  {editor ? 'Edit' : 'Save'}
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <div style={{ position: 'sticky', top: 16 }}>
            <TriggerPreview
              title={values.title ?? ''}
              message={values.message ?? ''}
              site={site}
              icon={icon}
              image={image}
              buttons={shownButtons}
            />
          </div>
        </Grid.Col>
      </Grid>
    </form>
  );
}
