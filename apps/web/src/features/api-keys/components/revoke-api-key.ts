import type { ApiKey } from '@pushdeck/contracts';
import { confirmAction } from '@/components/dialogs/confirm';
import { notifyFailure, notifySuccess } from '@/components/feedback/notify';
import { errorMessage } from '@/lib/api';
import { API_KEY_TEXTS } from '../lib/api-key-texts';

/**
 * 'Are you sure?' naming the key and saying its next call will be refused; on confirm revokes it and says so. A
 * cancel does nothing.
 */
export async function confirmRevokeKey(key: ApiKey, revoke: (id: number) => Promise<unknown>): Promise<void> {
  const confirmed = await confirmAction({
    text: API_KEY_TEXTS.revokeText(key),
    confirmLabel: API_KEY_TEXTS.revokeConfirm,
    danger: true,
  });
  if (!confirmed) return;
  try {
    await revoke(key.id);
  } catch (error) {
    notifyFailure(errorMessage(error, API_KEY_TEXTS.revokeFailed));
    return;
  }
  notifySuccess(API_KEY_TEXTS.revokedToast(key.name));
}
