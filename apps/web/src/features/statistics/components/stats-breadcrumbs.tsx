/** 'Home > Dashboard > …' above a statistics page; the last crumb is the current page. */
export { type Crumb as StatsCrumb, PageBreadcrumbs as StatsBreadcrumbs } from '@/components/page-breadcrumbs';
