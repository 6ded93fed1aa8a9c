import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

/** The centred card Login and Register sit in. */
export function AuthCard({ title, subtitle, children }: AuthCardProps) {
  return (
    <Stack maw={440} mx="auto" my={{ base: 'md', sm: 48 }} gap="md">
      <div>
        <Title order={1} size="h2">
          {title}
        </Title>
        {subtitle && (
          <Text c="dimmed" size="sm" mt={4}>
            {subtitle}
          </Text>
        )}
      </div>
      <Paper withBorder shadow="sm" p="lg" radius="md">
        {children}
      </Paper>
    </Stack>
  );
}
