import { type ChangePasswordBody, MSG, wrapped } from '@pushdeck/contracts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api';

const changePasswordResponse = wrapped(z.object({ message: z.string() }).partial());

/** POST /auth/user/change-password (a body instead of the spec's GET query, see docs/api.md). */
export async function changePassword(body: ChangePasswordBody): Promise<string> {
  const answer = changePasswordResponse.safeParse(await api.post<unknown>('/auth/user/change-password', { body }));
  return (answer.success && answer.data.data.message) || MSG.passwordChanged;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
