/** Message bell with the unread count, and the 消息通知 drawer (unread list, 全部已读, 未读 links). */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Sidebar } from 'primereact/sidebar';
import { Paginator } from 'primereact/paginator';
import { Badge } from 'primereact/badge';
import { useMessageRead } from '@generated/api/message/message';
import type { MessageReadBodyId } from '@generated/api/model/messageReadBodyId';
import { formatTime } from '@/lib/format';
import { shell } from '@/locale/shell';
import {
  MESSAGE_PAGE_SIZES,
  shellKeys,
  UNREAD_STATUS,
  unreadCountQuery,
  unreadMessagesQuery,
} from './shell-api';
import { useSocketState } from './use-message-socket';

export function MessageCenter() {
  const [open, setOpen] = useState(false);
  const [first, setFirst] = useState(0);
  const [rows, setRows] = useState<number>(MESSAGE_PAGE_SIZES[0]);
  const queryClient = useQueryClient();
  const unread = useQuery(unreadCountQuery);
  const list = useQuery({ ...unreadMessagesQuery, enabled: open });
  const messages = list.data ?? [];
  const count = unread.data ?? 0;
  const offline = useSocketState() === 'offline';
  // 暂无消息 only when the server said so: not while the list failed or the count says otherwise.
  const knownEmpty = messages.length === 0 && !list.isFetching && !list.isError && count === 0;
  const unavailable = messages.length === 0 && !list.isFetching && (list.isError || count > 0);

  const markRead = useMessageRead({
    mutation: {
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: shellKeys.messages }),
          queryClient.invalidateQueries({ queryKey: shellKeys.unread }),
        ]),
    },
  });
  const read = (id: MessageReadBodyId) => markRead.mutate({ data: { id } });

  const page = messages.slice(first, first + rows);
  return (
    <>
      <button
        type="button"
        className={`shell-icon-button message-bell${offline ? ' message-bell--offline' : ''}`}
        aria-label={`${shell.messages.bell} ${count}${offline ? ` ${shell.messages.offline}` : ''}`}
        title={offline ? shell.messages.offline : undefined}
        onClick={() => setOpen(true)}
      >
        <i className="pi pi-bell p-overlay-badge" aria-hidden>
          {count > 0 && (
            <Badge
              value={count > 99 ? '99+' : count}
              severity="danger"
              className="message-bell__badge"
            />
          )}
        </i>
        {offline && <span className="message-bell__offline" aria-hidden />}
      </button>
      <Sidebar
        visible={open}
        position="right"
        onHide={() => setOpen(false)}
        style={{ width: 524, maxWidth: '100vw' }}
        header={<h2 className="drawer-title">{shell.messages.drawerTitle}</h2>}
        className="message-drawer"
      >
        <div className="message-drawer__toolbar">
          <button
            type="button"
            className="link-button"
            onClick={() => read('read-all')}
            disabled={messages.length === 0}
          >
            {shell.messages.readAll}
          </button>
        </div>
        {offline && <p className="message-drawer__offline">{shell.messages.offline}</p>}
        {knownEmpty && <p className="message-drawer__empty">{shell.messages.empty}</p>}
        {unavailable && (
          <p className="message-drawer__empty">{shell.messages.unavailable(count)}</p>
        )}
        <ul className="message-list" aria-label={shell.messages.drawerTitle}>
          {page.map((message) => (
            <li key={message.tm_id} className="message-item" data-id={message.tm_id}>
              <div className="message-item__head">
                <span className="message-item__title">{message.tm_title}</span>
                {message.tm_status === UNREAD_STATUS && (
                  <button
                    type="button"
                    className="link-button link-button--danger"
                    onClick={() => read(message.tm_id)}
                  >
                    {shell.messages.unread}
                  </button>
                )}
              </div>
              {message.tm_content && <p className="message-item__content">{message.tm_content}</p>}
              <time className="message-item__time">{formatTime(message.create_time)}</time>
            </li>
          ))}
        </ul>
        {messages.length > 0 && (
          <Paginator
            first={first}
            rows={rows}
            totalRecords={messages.length}
            rowsPerPageOptions={[...MESSAGE_PAGE_SIZES]}
            onPageChange={(event) => {
              setFirst(event.first);
              setRows(event.rows);
            }}
            template="PrevPageLink PageLinks NextPageLink RowsPerPageDropdown"
          />
        )}
      </Sidebar>
    </>
  );
}
