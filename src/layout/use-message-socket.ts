/**
 * The live connection (spec section 4): after login, open a WebSocket only if the server's
 * status check says yes; bind with the username; answer ping with pong; a text message pops
 * up a notification and reloads the unread count and list, so the new unread message shows
 * as the server stored it. No WebSocket: '您的浏览器不支持socket'.
 *
 * Frames are JSON: server → { type: 'ping' } | { type: 'text', data: Message };
 * client → { type: 'bind', username } | { type: 'pong' }. A bare 'ping' string is answered too,
 * and any other plain text is taken as a message title.
 */
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { notify } from '@/lib/notify';
import { getUsername } from '@/lib/session';
import { shell } from '@/locale/shell';
import type { Message } from '@generated/api/api.schemas';
import { shellKeys, socketStatusQuery } from './shell-api';

export function socketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

type Frame = { type?: string; data?: Partial<Message>; msg?: string };

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

export function useMessageSocket(): void {
  const queryClient = useQueryClient();
  const supported = typeof window !== 'undefined' && 'WebSocket' in window;
  const status = useQuery({ ...socketStatusQuery, enabled: supported });

  useEffect(() => {
    if (!supported) notify.warn(shell.messages.socketUnsupported);
  }, [supported]);

  const open = supported && status.data?.open === true;
  const url = status.data?.url || (supported ? socketUrl() : '');
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
      const title = frame.data?.tm_title ?? frame.msg ?? shell.messages.newMessage;
      notify.info(`${shell.messages.newMessage}：${title}`, 5000);
      void queryClient.invalidateQueries({ queryKey: shellKeys.unread });
      void queryClient.invalidateQueries({ queryKey: shellKeys.messages });
    });
    return () => socket.close();
  }, [open, url, queryClient]);
}
