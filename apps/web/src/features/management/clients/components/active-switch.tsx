import { Badge, Switch } from '@mantine/core';
import type { ReactNode } from 'react';
import { confirmAction } from '@/components/dialogs/confirm';

export interface ActiveSwitchProps {
  /** Names the switch: 'Active: {label}'. */
  label: string;
  active: boolean;
  /** Without it the state shows as a badge (the viewer may not change it). */
  onChange?: ((active: boolean) => void) | undefined;
  pending?: boolean;
  /** What switching on and off does, asked under 'Are you sure?'. */
  question: (next: boolean) => ReactNode;
}

/** An activeness switch (1/0) that asks 'Are you sure?' first (spec part 2 §4). */
export function ActiveSwitch({ label, active, onChange, pending = false, question }: ActiveSwitchProps) {
  if (!onChange) {
    return (
      <Badge color={active ? 'teal' : 'gray'} variant="light">
        {active ? 'Active' : 'Inactive'}
      </Badge>
    );
  }
  const toggle = async () => {
    if (pending) return;
    const next = !active;
    if (await confirmAction({ text: question(next) })) onChange(next);
  };
  return (
    <Switch
      checked={active}
      onChange={() => void toggle()}
      disabled={pending}
      aria-label={`Active: ${label}`}
      label={active ? 'On' : 'Off'}
    />
  );
}
