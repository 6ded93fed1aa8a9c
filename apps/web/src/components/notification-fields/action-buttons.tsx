import { Checkbox, SegmentedControl, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ActionButtonsProps {
  /** 'Action Buttons' ticked; unticked, the owner drops the buttons on save. */
  enabled: boolean;
  onEnabledChange: (enabled: boolean) => void;
  count: 1 | 2;
  onCountChange: (count: 1 | 2) => void;
  /** The fields of button 1 or 2 (at least its title). */
  renderButton: (n: 1 | 2) => ReactNode;
  disabled?: boolean;
}

/**
 * Optional Action Buttons of every notification editor (triggers, welcome and recurring drips): the 'Action Buttons'
 * tick, then '1 Button' or '2 Buttons' and the fields of each shown button (spec part 1 §2, at most 2 by §5).
 */
export function ActionButtons({
  enabled,
  onEnabledChange,
  count,
  onCountChange,
  renderButton,
  disabled = false,
}: ActionButtonsProps) {
  return (
    <Stack gap="xs">
      <Checkbox
        label="Action Buttons"
        checked={enabled}
        onChange={(event) => onEnabledChange(event.currentTarget.checked)}
        disabled={disabled}
      />
      {enabled && (
        <Stack gap="xs" pl="md">
          <SegmentedControl
            aria-label="Number of action buttons"
            data={[
              { value: '1', label: '1 Button' },
              { value: '2', label: '2 Buttons' },
            ]}
            value={String(count)}
            onChange={(n) => onCountChange(n === '2' ? 2 : 1)}
            disabled={disabled}
            w="fit-content"
          />
          {renderButton(1)}
          {count === 2 && renderButton(2)}
        </Stack>
      )}
    </Stack>
  );
}
