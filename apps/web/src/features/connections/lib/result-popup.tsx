import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { TIMINGS } from '@pushdeck/contracts';

/** The result of a confirmation ('Changed', 'Unbound!', 'Cancelled!'…), closing itself after 1.5 s (spec §9). */
export function showResult(title: string, text?: string): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const id = modals.open({
    title,
    centered: true,
    size: 350,
    children: text ? <Text size="sm">{text}</Text> : null,
    onClose: () => clearTimeout(timer),
  });
  timer = setTimeout(() => modals.close(id), TIMINGS.confirmationResultMs);
}
