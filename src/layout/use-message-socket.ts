/**
 * The live connection (spec section 4): after login, open a WebSocket only if the server's
 * status check says yes, signed in with the session token (offered as a subprotocol, never in
 * the URL: @/core/message-socket); bind with the username; answer ping with pong; a text message pops
 * up a notification and reloads the unread count and list, so the new unread message shows
 * as the server stored it. No WebSocket — none at all, one that is not a constructor, or one the
 * browser refuses to open — is never an error page (issue 51 item 12e): one quiet
 * '您的浏览器不支持socket', and the bell asks for the unread count every minute instead. A dropped connection is
 * opened again with backoff (at once when the network or the window comes back), the bell shows
 * it is offline meanwhile, and the unread count and list are fetched again when it is back.
 *
 * Frames are JSON: server → { type: 'ping' } | { type: 'text', data: Message };
 * client → { type: 'bind', username } | { type: 'pong' }; a token that cannot be a subprotocol
 * goes in the bind frame instead ({ type: 'bind', username, token }). A bare 'ping' string is answered too,
 * and any other plain text is taken as a message title.
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
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

/** Without a live connection the bell asks for the unread count this often. */
export const POLL_WITHOUT_SOCKET_MS = 60_000;

/** Whether the page has a WebSocket to construct: something else under the name counts as none. */
function hasWebSocket(): boolean {
  return typeof window !== 'undefined' && typeof window.WebSocket === 'function';
}

export function useMessageSocket(): void {
  const queryClient = useQueryClient();
  /** `new WebSocket` threw: this page runs without the live connection. */
  const [cannotOpen, setCannotOpen] = useState(false);
  const supported = hasWebSocket() && !cannotOpen;
  const status = useQuery({ ...socketStatusQuery, enabled: supported });
  const refreshMessages = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: shellKeys.unread });
    void queryClient.invalidateQueries({ queryKey: shellKeys.messages });
  }, [queryClient]);

  useEffect(() => {
    if (supported) return;
    notify.warn(shell.messages.socketUnsupported);
    const poll = setInterval(refreshMessages, POLL_WITHOUT_SOCKET_MS);
    return () => clearInterval(poll);
  }, [supported, refreshMessages]);

  const open = supported && status.data?.open === true;
  const url = status.data?.url || (supported ? socketUrl() : '');
  useEffect(() => {
    if (!open) return;
    let socket: WebSocket | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;
    let everOpen = false;
    const connect = () => {
      if (stopped || socket) return;
      clearTimeout(retry);
      const token = getToken();
      const protocols = signInProtocols(token);
      let current: WebSocket;
      try {
        current = new WebSocket(url, protocols);
      } catch (failure) {
        // Not a constructor after all, or an address the browser refuses (SecurityError):
        // thrown here it would end the whole app in an error page. The app goes on without it.
        console.warn('message socket unavailable', failure);
        stopped = true;
        setCannotOpen(true);
        return;
      }
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
  }, [open, url, refreshMessages]);
}
