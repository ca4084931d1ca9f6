import { ConfirmDialog } from 'primereact/confirmdialog';
import { crud as t } from '@/locale/crud';
import type { CrudListController } from './use-crud-list';

/** The part of a list or tree controller that asks before an action (删除, a screen's own ask). */
export type ConfirmQuestion = Pick<
  CrudListController,
  'pending' | 'acceptConfirm' | 'dismissConfirm'
>;

/**
 * The CRUD blocks' confirmation dialog: shows the controller's pending question, runs it on
 * 确定 and dismisses it (its `cancel`, e.g. 已取消删除) on 取消, Escape or the close icon.
 * `tagKey` is the block's own: the app-wide confirmDialog() calls (e.g. 退出系统) open only the
 * untagged dialog, never this one.
 */
export function PendingConfirmDialog({
  tagKey,
  question,
}: {
  tagKey: string;
  question: ConfirmQuestion;
}) {
  return (
    <ConfirmDialog
      tagKey={tagKey}
      visible={question.pending !== null}
      header={t.confirmTitle}
      message={question.pending?.message}
      icon="pi pi-exclamation-triangle"
      acceptLabel={t.confirmAccept}
      rejectLabel={t.confirmReject}
      accept={() => void question.acceptConfirm()}
      onHide={(result) => {
        if (result !== 'accept') question.dismissConfirm();
      }}
    />
  );
}
