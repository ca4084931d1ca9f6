/**
 * Who has read which message. The messages (table `message`) are the same for every
 * administrator, but reading one is each administrator's own: 标记已读 and 全部已读 mark them for
 * the caller only (table `mock_message_read`: one row per username and tm_id), and the list,
 * a message's info and the unread count show each caller their own state. A message's stored
 * tm_status is what it is for someone who has not read it (消息管理 may set it for everyone).
 */
import { textOf } from '@/core/guards';
import { sessionUser } from '../auth';
import { registerRowView } from '../engine';
import { registerSeed, table } from '../store';
import type { MockRow } from '../types';
import { MESSAGE_TABLE } from '../socket';

const READ_TABLE = 'mock_message_read';
const READ = 1;
const UNREAD = 2;

// Declared, so the demo's reset forgets what was read with the messages themselves.
registerSeed(() => ({ [READ_TABLE]: [] }));

/** The tm_ids `username` has read. */
function readBy(username: string): Set<string> {
  return new Set(
    table(READ_TABLE)
      .rows.filter((row) => row.username === username)
      .map((row) => String(row.tm_id)),
  );
}

/** The message rows as `username` sees them: tm_status 1 for each one they have read. */
export function messagesAs(username: string, rows: readonly MockRow[]): MockRow[] {
  const read = readBy(username);
  return rows.map((row) =>
    read.has(String(row.tm_id)) && Number(row.tm_status) !== READ
      ? { ...row, tm_status: READ }
      : row,
  );
}

/** How many messages `username` has not read. */
export function unreadCountOf(username: string): number {
  return messagesAs(username, table(MESSAGE_TABLE).rows).filter(
    (row) => Number(row.tm_status) === UNREAD,
  ).length;
}

/**
 * Marks messages read for `username` alone: the one whose tm_id is `id`, or every message with
 * 'read-all'. An id no message has marks nothing.
 */
export function markRead(username: string, id: unknown): void {
  const read = readBy(username);
  const reads = table(READ_TABLE);
  for (const row of table(MESSAGE_TABLE).rows) {
    const tmId = String(row.tm_id);
    if ((id === 'read-all' || String(id) === tmId) && !read.has(tmId))
      reads.rows.push({ username, tm_id: row.tm_id });
  }
}

registerRowView(MESSAGE_TABLE, (rows, request) =>
  messagesAs(textOf(sessionUser(request)?.username), rows),
);
