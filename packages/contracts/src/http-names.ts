// The names of the headers and cookies of the API, apart from api.ts's schemas: the console's first script needs them
// and no zod (issue 17, a module of the contracts comes into a bundle whole).

/** Header that staff use to act for a client (its client_uid). */
export const CLIENT_HEADER = 'client';
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
export const SESSION_COOKIE = 'pushdeck_session';
