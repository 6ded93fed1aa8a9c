import { Anchor, Breadcrumbs, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface DripPageHeaderProps {
  domainId: number;
  /** The page's crumb and heading. */
  title: string;
  /** Crumbs between 'Website Dashboard' and the page. */
  trail?: { label: string; to: string }[];
  actions?: ReactNode;
}

/** 'Home > Dashboard > Website Dashboard > …' and the page heading with its actions. */
export function DripPageHeader({ domainId, title, trail = [], actions }: DripPageHeaderProps) {
  const crumbs = [
    { label: 'Home', to: '/' },
    { label: 'Dashboard', to: '/dashboard' },
    { label: 'Website Dashboard', to: `/dashboard/${domainId}` },
    ...trail,
  ];
  return (
    <>
      <nav aria-label="Breadcrumb">
        <Breadcrumbs separator=">" separatorMargin={6} style={{ flexWrap: 'wrap' }}>
          {crumbs.map((c) => (
            <Anchor key={c.to} component={Link} to={c.to} size="sm">
              {c.label}
            </Anchor>
          ))}
          <Text size="sm" c="dimmed" aria-current="page">
            {title}
          </Text>
        </Breadcrumbs>
      </nav>
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          {title}
        </Title>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
    </>
  );
}
