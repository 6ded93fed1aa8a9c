import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { actingClientUid, isStaffActor, setSelectedClientUid, setStaffActor } from '@/lib/api';
import { hasAuthFlag, hasModeratorFlag } from './auth-storage';
import { loginPath, safeRedirectTarget } from './redirect';
import { authQueryKey, endSession, rememberUser, startSession } from './session';

const base = { id: 1, email: 'a@b.test', permissions: [], client_uid: null, client_id: null, backToModerUrl: null };
const moder = { ...base, name: 'Mo', roles: [{ name: 'moder', permissions: ['menu.clients.management'] }] };
const client = { ...base, name: 'Cli', roles: [{ name: 'client', permissions: ['menu.files'] }] };

describe('session', () => {
  afterEach(() => setStaffActor(false));

  it('a login sets the auth flag, seeds the auth query and, for a moderator, the moderator flag', () => {
    const queryClient = new QueryClient();
    startSession(queryClient, moder);
    expect(hasAuthFlag()).toBe(true);
    expect(hasModeratorFlag()).toBe(true);
    expect(isStaffActor()).toBe(true);
    expect(queryClient.getQueryData(authQueryKey)).toEqual(moder);
  });

  it('keeps the moderator flag while the moderator acts as a client user', () => {
    rememberUser(moder);
    rememberUser(client);
    expect(hasModeratorFlag()).toBe(true);
    expect(isStaffActor()).toBe(false);
  });

  it('a client login sets no moderator flag and sends no client header', () => {
    setSelectedClientUid('c-9');
    startSession(new QueryClient(), client);
    expect(hasModeratorFlag()).toBe(false);
    expect(actingClientUid()).toBeNull();
  });

  it('ending the session clears both flags and the cache; logout also forgets the picked client', () => {
    const queryClient = new QueryClient();
    startSession(queryClient, moder);
    setSelectedClientUid('c-9');
    endSession(queryClient);
    expect(hasAuthFlag()).toBe(false);
    expect(hasModeratorFlag()).toBe(false);
    expect(queryClient.getQueryData(authQueryKey)).toBeUndefined();
    expect(window.localStorage.getItem('pushdeck.client')).toBe('c-9');
    endSession(queryClient, { forgetClient: true });
    expect(window.localStorage.getItem('pushdeck.client')).toBeNull();
  });
});

describe('redirects', () => {
  it('builds the Login URL with the path to come back to', () => {
    expect(loginPath('/dashboard/5/triggers?page=2')).toBe('/login?redirect=%2Fdashboard%2F5%2Ftriggers%3Fpage%3D2');
  });

  it('only follows redirects inside the app', () => {
    expect(safeRedirectTarget('/files?page=2')).toBe('/files?page=2');
    expect(safeRedirectTarget(null)).toBe('/dashboard');
    expect(safeRedirectTarget('https://evil.example')).toBe('/dashboard');
    expect(safeRedirectTarget('//evil.example')).toBe('/dashboard');
    expect(safeRedirectTarget('/login?redirect=%2Ffiles')).toBe('/dashboard');
  });
});
