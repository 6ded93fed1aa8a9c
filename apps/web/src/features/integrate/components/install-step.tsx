import { Group, Paper, Stack, ThemeIcon, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

interface InstallStepProps {
  step: number;
  title: string;
  children: ReactNode;
}

/** One numbered step of an installation guide (a region named by its title). */
export function InstallStep({ step, title, children }: InstallStepProps) {
  const titleId = useId();
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={titleId}>
      <Group gap="sm" wrap="nowrap" align="flex-start" mb="sm">
        <ThemeIcon radius="xl" size="md" variant="light" aria-hidden>
          {step}
        </ThemeIcon>
        <Title order={3} size="h5" id={titleId} pt={4}>
          {title}
        </Title>
      </Group>
      <Stack gap="sm" pl={{ base: 0, sm: 40 }}>
        {children}
      </Stack>
    </Paper>
  );
}
