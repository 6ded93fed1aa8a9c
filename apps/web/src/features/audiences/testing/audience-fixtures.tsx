import type { RoleName } from '@pushdeck/contracts';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { userWithRole } from '@/app/test-users';
import { csrfCookieResponse, jsonResponse, type StubbedCall, stubFetch } from '@/lib/api/testing/fetch-stub';
import { AUTH_FLAG_KEY } from '@/lib/auth';
import { renderWithProviders } from '@/test/render';
import { AudienceCreatePage, AudienceEditPage } from '../components/audience-form-page';
import { SegmentListPage } from '../components/segment-list-page';
import { SegmentViewPage } from '../components/segment-view-page';
import { SubscriberListPage } from '../components/subscriber-list-page';

/** Test data and a renderer of the audience screens at their real paths (tests only). */
export const AT = '2025-03-01T10:00:00.000Z';

export function segment(id: number, name: string, over: Record<string, unknown> = {}) {
  return {
    id,
    domain_id: 5,
    name,
    type: 'audience',
    is_system: 0,
    query: { filters: [{ device: { type: 'and', operator: '=', buildtype: 'string', values: ['desktop'] } }] },
    created_at: AT,
    updated_at: AT,
    ...over,
  };
}

export function subscriber(id: number, over: Record<string, unknown> = {}) {
  return {
    id,
    subscribable_id: `sub-${id}`,
    device: 'desktop',
    website_id: 'w-abc',
    os: 'Windows',
    browser: 'Chrome',
    resolution: '1920x1080',
    location: 'US',
    language: 'en-US',
    timezone: 'America/New_York',
    updated_at: AT,
    subscription_url: 'https://news.example/',
    last_url_visited: `https://news.example/page-${id}`,
    last_drip_number: 1,
    ip: '203.0.113.10',
    ...over,
  };
}

export const page = (rows: unknown[], total: number, p = 1, pageLength = 10) =>
  jsonResponse(200, { data: { data: rows, total, total_is_estimate: false, page: p, pageLength } });

type Answer = (call: StubbedCall) => Response | Promise<Response> | undefined;

/** Renders the audience routes at `route` as `role`; `answer` serves the API (404 for anything it leaves). */
export function renderAudiences(route: string, answer: Answer, role: RoleName = 'client') {
  window.localStorage.setItem(AUTH_FLAG_KEY, '1');
  const network = stubFetch(async (call) => {
    if (call.path === '/api/csrf-cookie') return csrfCookieResponse();
    if (call.path === '/api/auth/user/info') return jsonResponse(200, { data: userWithRole(role) });
    return (await answer(call)) ?? jsonResponse(404, { message: 'Not found.' });
  });
  const d = '/dashboard/:id';
  const view = renderWithProviders(
    <Routes>
      <Route path={`${d}/audience-creator`} element={<SegmentListPage />} />
      <Route path={`${d}/manual-segmentation`} element={<SegmentListPage />} />
      <Route path={`${d}/audience-creator/create`} element={<AudienceCreatePage />} />
      <Route path={`${d}/audience-creator/edit/:aud_id`} element={<AudienceEditPage />} />
      <Route path={`${d}/audience-creator/view/:seg_id`} element={<SegmentViewPage />} />
      <Route path={`${d}/manual-segmentation/view/:seg_id`} element={<SegmentViewPage />} />
      <Route path={`${d}/more-info-subs`} element={<SubscriberListPage />} />
    </Routes>,
    { route },
  );
  const writes = () => network.calls.filter((c) => c.method !== 'GET');
  return { ...network, ...view, writes, user: userEvent.setup() };
}
