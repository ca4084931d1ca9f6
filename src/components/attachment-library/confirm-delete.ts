/**
 * The library's delete confirmation (files and categories alike): 取消 is focused, and a
 * cancelled delete says so.
 */
import { confirmDialog } from 'primereact/confirmdialog';
import { notify } from '@/lib/notify';
import { attachment as t } from '@/locale/attachment';

export function confirmDelete(message: string, onAccept: () => void): void {
  confirmDialog({
    header: t.confirmTitle,
    message,
    icon: 'pi pi-exclamation-triangle',
    acceptLabel: t.confirmAccept,
    rejectLabel: t.confirmReject,
    defaultFocus: 'reject',
    accept: onAccept,
    onHide: (result) => {
      if (result !== 'accept') notify.info(t.deleteCancelled);
    },
  });
}
