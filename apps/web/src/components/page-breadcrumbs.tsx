import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  /** Omitted on the current page. */
  to?: string;
}

/** 'Home > Dashboard > …' above a page; the last crumb is the current page. */
export function PageBreadcrumbs({ items }: { items: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs separator=">" separatorMargin={6} style={{ flexWrap: 'wrap' }}>
        {items.map((item, index) =>
          item.to ? (
            <Anchor key={item.label} component={Link} to={item.to} size="sm">
              {item.label}
            </Anchor>
          ) : (
            <Text
              key={item.label}
              size="sm"
              c="dimmed"
              aria-current={index === items.length - 1 ? 'page' : undefined}
              style={{ overflowWrap: 'anywhere' }}
            >
              {item.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
