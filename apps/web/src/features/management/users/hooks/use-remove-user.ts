import { confirmAction } from '@/components/dialogs/confirm';
import { notifyFailure, notifySuccess } from '@/components/feedback/notify';
import { errorMessage, isApiRequestError } from '@/lib/api';
import { useDeleteUser } from '../api/users-api';
import { USER_TEXTS } from '../lib/user-texts';

/**
 * Delete a user after a confirmation (Users Management and a client's expanded row): a refusal names the server's
 * reason (a 4xx), anything else the spec-style failure text.
 */
export function useRemoveUser() {
  const mutation = useDeleteUser();
  const remove = async (user: { id: number; name: string }) => {
    const text = USER_TEXTS.deleteConfirm(user.name);
    if (!(await confirmAction({ text, confirmLabel: 'Delete', danger: true }))) return;
    try {
      await mutation.mutateAsync(user.id);
      notifySuccess(USER_TEXTS.deleted(user.name));
    } catch (error) {
      const reason = isApiRequestError(error) && error.status < 500 ? errorMessage(error, '') : '';
      notifyFailure(`${USER_TEXTS.deleteFailed} ${reason}`.trim());
    }
  };
  return { remove, pendingId: mutation.isPending ? mutation.variables : undefined };
}
