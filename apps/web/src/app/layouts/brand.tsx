import { Anchor, Group, Text } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The Pushdeck name and mark, linking to `to`. */
export function Brand({ to, visibleFrom }: { to: string; visibleFrom?: 'xs' | 'sm' }) {
  return (
    <Anchor component={Link} to={to} c="inherit" underline="never" visibleFrom={visibleFrom}>
      <Group gap={6} wrap="nowrap">
        <IconBellRinging size={22} aria-hidden />
        <Text fw={700} span>
          Pushdeck
        </Text>
      </Group>
    </Anchor>
  );
}
