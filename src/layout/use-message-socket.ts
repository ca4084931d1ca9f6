/**
 * The live connection (spec section 4): after login, open a WebSocket only if the server's
 * status check says yes; bind with the username; answer ping with pong; a text message adds
 * a new unread message and pops up a notification. No WebSocket: '您的浏览器不支持socket'.
 *
 * Frames are JSON: server → { type: 'ping' } | { type: 'text', data: ShellMessage };
 * client → { type: 'bind', username } | { type: 'pong' }. A bare 'ping' string is answered too.
 */
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { notify } from '@/lib/notify';
import { getUsername } from '@/lib/session';
import { shell } from '@/locale/shell';
import { shellKeys, socketStatusQuery, UNREAD_STATUS, type ShellMessage } from './shell-api';

export function socketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

type Frame = { type?: string; data?: unknown; msg?: string };

function parse(raw: unknown): Frame | undefined {
  if (typeof raw !== 'string') return undefined;
  if (raw === 'ping') return { type: 'ping' };
  try {
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === 'object'
      ? (value as Frame)
      : { type: 'text', data: { tm_title: raw } };
  } catch {
    return { type: 'text', data: { tm_title: raw } };
  }
}

export function useMessageSocket(enabled: boolean): void {
  const queryClient = useQueryClient();
  const supported = typeof window !== 'undefined' && 'WebSocket' in window;
  const status = useQuery({ ...socketStatusQuery, enabled: enabled && supported });

  useEffect(() => {
    if (enabled && !supported) notify.warn(shell.messages.socketUnsupported);
  }, [enabled, supported]);

  const open = enabled && supported && status.data?.open === true;
  const url = status.data?.url ?? (typeof window === 'undefined' ? '' : socketUrl());
  useEffect(() => {
    if (!open) return;
    const socket = new WebSocket(url);
    socket.addEventListener('open', () => {
      socket.send(JSON.stringify({ type: 'bind', username: getUsername() }));
    });
    socket.addEventListener('message', (event: MessageEvent) => {
      const frame = parse(event.data);
      if (!frame) return;
      if (frame.type === 'ping') {
        socket.send(JSON.stringify({ type: 'pong' }));
        return;
      }
      if (frame.type !== 'text') return;
      const message = (frame.data ?? {}) as Partial<ShellMessage>;
      const added: ShellMessage = {
        tm_id: message.tm_id ?? `live-${Date.now()}`,
        tm_title: message.tm_title ?? frame.msg ?? shell.messages.newMessage,
        tm_content: message.tm_content,
        tm_status: UNREAD_STATUS,
        create_time: message.create_time ?? Math.floor(Date.now() / 1000),
      };
      queryClient.setQueryData<number>(shellKeys.unread, (count) => (count ?? 0) + 1);
      queryClient.setQueryData<ShellMessage[]>(shellKeys.messages, (list) =>
        list ? [added, ...list.filter((item) => item.tm_id !== added.tm_id)] : list,
      );
      notify.info(`${shell.messages.newMessage}：${added.tm_title}`, 5000);
      // The server is the source of truth: reconcile once it has stored the message.
      void queryClient.invalidateQueries({ queryKey: shellKeys.unread });
      void queryClient.invalidateQueries({ queryKey: shellKeys.messages });
    });
    return () => socket.close();
  }, [open, url, queryClient]);
}
