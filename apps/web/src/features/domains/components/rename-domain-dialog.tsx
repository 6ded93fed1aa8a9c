import { siteUrlOriginNotice } from '@pushdeck/contracts';
import { OneValueDialog } from '@/components/dialogs/one-value-dialog';
import { notifySuccess, showErrorPopup } from '@/components/feedback/notify';
import { errorMessage } from '@/lib/api';
import { useUpdateDomain } from '../api/use-domains';

interface RenameDomainDialogProps {
  opened: boolean;
  domainId: number;
  onClose: () => void;
}

/** 'Change domain name': empty → the field's error and no call; a server error → the 'Oops...' popup. */
export function RenameDomainDialog({ opened, domainId, onClose }: RenameDomainDialogProps) {
  const update = useUpdateDomain(domainId);
  const rename = async (url: string) => {
    let notice: string | undefined;
    try {
      notice = await update.mutateAsync({ url });
    } catch (error) {
      showErrorPopup(errorMessage(error, 'Error!'));
      throw error;
    }
    notifySuccess(notice ? `Domain name has been changed. ${notice}` : 'Domain name has been changed.');
    onClose();
  };
  return (
    <OneValueDialog
      opened={opened}
      title="Change domain name"
      label="New domain name"
      placeholder="https://example.com"
      submitLabel="Change"
      cancelLabel="Cancel"
      onSubmit={rename}
      describe={siteUrlOriginNotice}
      onClose={onClose}
    />
  );
}
