/**
 * Issue 51 walk-through item 12e: a `window.WebSocket` that is not a constructor left a bare
 * error page. The app runs without the live connection: one quiet 您的浏览器不支持socket, the
 * bell still shows the unread count, and asks for it again every minute instead of being pushed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { MessageCenter } from '@/layout/message-center';
import { POLL_WITHOUT_SOCKET_MS, useMessageSocket } from '@/layout/use-message-socket';
import { onNotify, type NotifyMessage } from '@/lib/notify';
import { renderWithProviders } from '../form/render';

const api = vi.hoisted(() => ({
  unread: vi.fn<() => Promise<{ data: number }>>(),
}));

vi.mock('@generated/api/message/message', () => ({
  messageGetmesnoreadnum: api.unread,
  messageList: () => Promise.resolve({ data: { data: [] } }),
  messageGetsocketstatus: () => Promise.resolve({ data: { open: true, url: 'ws://test/ws' } }),
  useMessageRead: () => ({ mutate: vi.fn() }),
}));

function Shell() {
  useMessageSocket();
  return <MessageCenter />;
}

let toasts: NotifyMessage[] = [];
let stop: () => void = () => undefined;
beforeEach(() => {
  toasts = [];
  stop = onNotify((message) => toasts.push(message));
  api.unread.mockResolvedValue({ data: 4 });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  api.unread.mockReset();
});

const bell = () => screen.getByRole('button', { name: /^消息/ });
const notes = () => toasts.map((toast) => toast.summary);

describe('a page whose WebSocket cannot be constructed', () => {
  it.each([
    ['an arrow function (TypeError: not a constructor)', () => undefined],
    [
      'a constructor that throws (SecurityError)',
      function Refusing() {
        throw new DOMException('refused', 'SecurityError');
      },
    ],
    ['a plain object', {}],
  ])('%s: the bell shows 消息 4 and one quiet 您的浏览器不支持socket', async (_, standIn) => {
    vi.stubGlobal('WebSocket', standIn);
    renderWithProviders(<Shell />);
    await vi.waitFor(() => expect(notes()).toEqual(['您的浏览器不支持socket']));
    await vi.waitFor(() => expect(bell()).toHaveAccessibleName('消息 4'));
  });

  it('asks for the unread count every minute instead', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal('WebSocket', () => undefined);
    renderWithProviders(<Shell />);
    await vi.waitFor(() => expect(bell()).toHaveAccessibleName('消息 4'));
    api.unread.mockResolvedValue({ data: 5 });
    await act(() => vi.advanceTimersByTimeAsync(POLL_WITHOUT_SOCKET_MS));
    await vi.waitFor(() => expect(bell()).toHaveAccessibleName('消息 5'));
  });
});
