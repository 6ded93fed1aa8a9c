import type { Crumb } from '@/components/page-breadcrumbs';

export { type Crumb, PageBreadcrumbs as AudienceBreadcrumbs } from '@/components/page-breadcrumbs';

/** The crumbs every audience screen starts with. */
export function websiteCrumbs(domainId: number): Crumb[] {
  return [
    { label: 'Home', to: '/' },
    { label: 'Dashboard', to: '/dashboard' },
    { label: 'Website Dashboard', to: `/dashboard/${domainId}` },
  ];
}
