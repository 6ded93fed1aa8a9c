import { describe, expect, it } from 'vitest';
import { changePasswordBodySchema, loginBodySchema, registerClientBodySchema } from './auth.ts';
import { MSG } from './messages.ts';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('auth schemas', () => {
  it('gives the spec texts for login', () => {
    expect(messages(loginBodySchema.safeParse({ email: '', password: '' }))).toEqual({
      email: MSG.required,
      password: MSG.required,
    });
    expect(messages(loginBodySchema.safeParse({ email: 'x', password: 'p' }))).toEqual({ email: MSG.invalidEmail });
  });

  it('checks password length and confirmation', () => {
    const base = { name: 'A', email: 'a@b.co', password: 'short', password_confirmation: 'short' };
    expect(messages(registerClientBodySchema.safeParse(base))).toEqual({ password: MSG.passwordMin });
    expect(
      messages(registerClientBodySchema.safeParse({ ...base, password: 'longenough', password_confirmation: 'other' })),
    ).toEqual({ password_confirmation: MSG.passwordConfirm });
    expect(
      messages(
        changePasswordBodySchema.safeParse({
          old_password: 'x',
          new_password: 'longenough',
          new_password_confirmation: 'nope',
        }),
      ),
    ).toEqual({ new_password_confirmation: MSG.passwordConfirm });
  });
});
