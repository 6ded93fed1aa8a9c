import { ActionIcon, Button } from '@mantine/core';
import { IconChevronDown, IconUserCircle } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';

export interface AccountMenuProps {
  onLogout: () => void;
  /** Icon-only target on narrow screens. */
  compact?: boolean;
}

interface AccountButtonProps extends ComponentPropsWithRef<'button'> {
  compact?: boolean;
  /** Shown while the menu's code loads: marked for the journeys' settled(). */
  pending?: boolean;
}

/**
 * The menu's button, the same before and after the menu's code is there. Menu.Target gives it a ref and its handlers
 * (React 19 passes ref as a prop).
 */
export function AccountButton({ compact = false, pending = false, color: _color, ...rest }: AccountButtonProps) {
  const marks = pending ? { 'data-pending': true, 'aria-busy': true } : {};
  return compact ? (
    <ActionIcon variant="subtle" size="lg" aria-label="My Account" {...rest} {...marks}>
      <IconUserCircle size={22} aria-hidden />
    </ActionIcon>
  ) : (
    <Button
      variant="subtle"
      leftSection={<IconUserCircle size={18} aria-hidden />}
      rightSection={<IconChevronDown size={14} aria-hidden />}
      {...rest}
      {...marks}
    >
      My Account
    </Button>
  );
}
