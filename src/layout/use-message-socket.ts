/**
 * The live connection (spec section 4): after login, open a WebSocket only if the server's
 * status check says yes, signed in with the session token (offered as a subprotocol, never in
 * the URL: @/core/message-socket); bind with the username; answer ping with pong; a text message pops
 * up a notification and reloads the unread count and list, so the new unread message shows
 * as the server stored it. No WebSocket: '您的浏览器不支持socket'. A dropped connection is
 * opened again with backoff (at once when the network or the window comes back), the bell shows
 * it is offline meanwhile, and the unread count and list are fetched again when it is back.
 *
 * Frames are JSON: server → { type: 'ping' } | { type: 'text', data: Message };
 * client → { type: 'bind', username } | { type: 'pong' }; a token that cannot be a subprotocol
 * goes in the bind frame instead ({ type: 'bind', username, token }). A bare 'ping' string is answered too,
 * and any other plain text is taken as a message title.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { notify } from '@/lib/notify';
import { signInProtocols } from '@/core/message-socket';
import { getToken, getUsername } from '@/lib/session';
import { shell } from '@/locale/shell';
import type { Message } from '@generated/api/model/message';
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

/** The live connection as the bell shows it: `offline` while it is down and being retried. */
export type SocketState = 'idle' | 'open' | 'offline';

let socketState: SocketState = 'idle';
const stateListeners = new Set<() => void>();

function setSocketState(next: SocketState): void {
  if (next === socketState) return;
  socketState = next;
  stateListeners.forEach((listener) => listener());
}

/** The connection's state, for the bell (re-renders on change). */
export function useSocketState(): SocketState {
  return useSyncExternalStore(
    (listener) => {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    () => socketState,
    () => socketState,
  );
}

/** First retry after 1 s, doubling to at most 30 s; a little jitter so tabs do not retry in step. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.8 + 0.4 * random()));
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
    let socket: WebSocket | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;
    let everOpen = false;
    const refreshMessages = () => {
      void queryClient.invalidateQueries({ queryKey: shellKeys.unread });
      void queryClient.invalidateQueries({ queryKey: shellKeys.messages });
    };
    const connect = () => {
      if (stopped || socket) return;
      clearTimeout(retry);
      const token = getToken();
      const protocols = signInProtocols(token);
      const current = new WebSocket(url, protocols);
      socket = current;
      current.addEventListener('open', () => {
        const bind = { type: 'bind', username: getUsername() };
        current.send(JSON.stringify(protocols.length ? bind : { ...bind, token }));
        attempt = 0;
        setSocketState('open');
        // Back after an outage: what arrived meanwhile was pushed to nobody, so ask for it.
        if (everOpen) refreshMessages();
        everOpen = true;
      });
      current.addEventListener('message', (event: MessageEvent) => {
        const frame = parse(event.data);
        if (!frame) return;
        if (frame.type === 'ping') {
          current.send(JSON.stringify({ type: 'pong' }));
          return;
        }
        if (frame.type !== 'text') return;
        const title = frame.data?.tm_title ?? frame.msg ?? shell.messages.newMessage;
        // To the bell (below) with one discreet notice at most: never a stack, never over a result.
        notify.notice(`${shell.messages.newMessage}：${title}`, 5000);
        refreshMessages();
      });
      current.addEventListener('close', () => {
        if (socket !== current) return;
        socket = undefined;
        if (stopped) return;
        setSocketState('offline');
        retry = setTimeout(connect, reconnectDelay(attempt));
        attempt += 1;
      });
    };
    // The network or the window coming back is the moment to try again, not the next backoff.
    const tryNow = () => {
      if (!socket) connect();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') tryNow();
    };
    window.addEventListener('online', tryNow);
    window.addEventListener('focus', tryNow);
    document.addEventListener('visibilitychange', onVisible);
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      window.removeEventListener('online', tryNow);
      window.removeEventListener('focus', tryNow);
      document.removeEventListener('visibilitychange', onVisible);
      socket?.close();
      socket = undefined;
      setSocketState('idle');
    };
  }, [open, url, queryClient]);
}
