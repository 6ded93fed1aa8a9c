import { Button, Checkbox, Group, NumberInput, TextInput } from '@mantine/core';
import { PLAN_FEATURES, type PlanBody } from '@pushdeck/contracts';
import { useEffect, useState } from 'react';
import { FEATURE_LABELS } from './plan-texts';

export const EMPTY_PLAN: PlanBody = {
  name: '',
  monthly_sends: null,
  active_subscribers: null,
  websites: null,
  features: {},
};
const asQuota = (v: string | number) => (v === '' ? null : Number(v));
const QUOTA_LABELS = {
  monthly_sends: 'Monthly sends',
  active_subscribers: 'Active subscribers',
  websites: 'Websites',
} as const;

interface PlanFormProps {
  /** The plan being edited, or EMPTY_PLAN for a new one. */
  initial: PlanBody;
  submitLabel: string;
  busy: boolean;
  /** Called with the body; `done` resets the form after a successful save. */
  onSubmit: (body: PlanBody, done: () => void) => void;
  onCancel?: (() => void) | undefined;
  /** Names the form for assistive technology (two forms can show at once). */
  label: string;
}

/** A plan's name, quotas (empty: unlimited) and features, for creating or editing it. */
export function PlanForm({ initial, submitLabel, busy, onSubmit, onCancel, label }: PlanFormProps) {
  const [draft, setDraft] = useState<PlanBody>(initial);
  useEffect(() => setDraft(initial), [initial]);
  return (
    <form
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(draft, () => setDraft(initial));
      }}
    >
      <Group align="end">
        <TextInput
          label="Plan name"
          value={draft.name}
          onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
        />
        {(Object.keys(QUOTA_LABELS) as (keyof typeof QUOTA_LABELS)[]).map((k) => (
          <NumberInput
            key={k}
            label={QUOTA_LABELS[k]}
            placeholder="Unlimited"
            min={0}
            allowDecimal={false}
            value={draft[k] ?? ''}
            onChange={(v) => setDraft({ ...draft, [k]: asQuota(v) })}
          />
        ))}
        {PLAN_FEATURES.map((f) => (
          <Checkbox
            key={f}
            label={FEATURE_LABELS[f]}
            checked={draft.features[f] !== false}
            onChange={(e) => setDraft({ ...draft, features: { ...draft.features, [f]: e.currentTarget.checked } })}
          />
        ))}
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </Group>
    </form>
  );
}
