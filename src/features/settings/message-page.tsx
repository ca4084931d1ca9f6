/**
 * 消息通知: every message with its read state, 标为已读 on an unread one, 全部已读, and the detail
 * dialog. Selected unread messages are marked read at once (批量标为已读). After a change the
 * list, the header bell's unread count and its drawer are reloaded.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { CrudPage, crudKeys, type RowActionDefinition } from '@/components/crud';
import { messageRead } from '@generated/api/message/message';
import type { Message } from '@generated/api/model/message';
import type { MessageReadBodyId } from '@generated/api/model/messageReadBodyId';
import { messageModule } from '@generated/modules/message';
import { shellKeys, UNREAD_STATUS } from '@/layout/shell-api';
import { notify } from '@/lib/notify';
import { settings as ts } from '@/locale/settings';

const t = ts.message;

export default function MessagePage() {
  const client = useQueryClient();
  /** The bell's count and drawer, and every message list. */
  const refreshMessages = () =>
    Promise.all(
      [shellKeys.unread, shellKeys.messages, ...crudKeys(messageModule).lists()].map((queryKey) =>
        client.invalidateQueries({ queryKey }),
      ),
    );
  const read = useMutation({
    mutationFn: (id: MessageReadBodyId) => messageRead({ id }),
    onSuccess: async () => {
      await refreshMessages();
      notify.success(t.readDone);
    },
  });
  const markRead: RowActionDefinition<Message> = {
    id: 'read',
    label: t.markRead,
    visible: (row) => row.tm_status === UNREAD_STATUS,
    onClick: (row) => read.mutate(row.tm_id),
    bulk: {
      label: t.bulkRead,
      confirm: t.confirmBulkRead,
      done: t.bulkReadDone,
      run: (row) => messageRead({ id: row.tm_id }),
      refresh: refreshMessages,
    },
  };
  return (
    <CrudPage
      module={messageModule}
      rowActions={[markRead]}
      toolbarExtra={
        <Button
          type="button"
          icon="pi pi-check-square"
          label={t.readAll}
          loading={read.isPending}
          onClick={() => read.mutate('read-all')}
        />
      }
    />
  );
}
