/**
 * The message socket of the mock backend (MSW WebSocket mocking): the client binds with its
 * username, the server pings (the client answers pong), and new messages are pushed as
 * `{ type: 'text', data: Message }` — one ~15 s after binding (so the demo shows it) and on
 * every call of the mock-only trigger POST /api/mock/pushmessage.
 */
import { ws } from 'msw';
import { persist, table } from './store';
import type { MockRow } from './types';
import { nowSeconds } from './util';

export const MESSAGE_TABLE = 'message';
export const SOCKET_PATH = '/ws';
export const DEMO_PUSH_DELAY_MS = 15_000;
export const PING_INTERVAL_MS = 30_000;

/** Matches ws://<any host>/ws and wss://… */
export const messageSocket = ws.link(/^wss?:\/\/[^/]+\/ws$/);

type Client = Parameters<Parameters<typeof messageSocket.addEventListener>[1]>[0]['client'];

const bound = new Map<string, { client: Client; username: string }>();
let pongs = 0;

const DEMO_PUSHES = [
  { tm_title: '新的待审批内容', tm_content: '综合办公室提交了《年度工作总结》，请及时审批。' },
  { tm_title: '系统公告已发布', tm_content: '《关于规范信息报送的通知》已发布，请查阅。' },
  { tm_title: '会员资料待审核', tm_content: '有 3 位新会员提交了资料，等待审核。' },
];
let demoIndex = 0;

/** Stores a new unread message and pushes it to every bound client; returns the row. */
export function pushMessage(input: { tm_title?: string; tm_content?: string } = {}): MockRow {
  const demo = DEMO_PUSHES[demoIndex++ % DEMO_PUSHES.length]!;
  const messages = table(MESSAGE_TABLE);
  const row: MockRow = {
    tm_id: messages.nextId++,
    tm_title: input.tm_title || demo.tm_title,
    tm_content: input.tm_content ?? demo.tm_content,
    tm_status: 2,
    create_time: nowSeconds(),
  };
  messages.rows.unshift(row);
  persist();
  const frame = JSON.stringify({ type: 'text', data: row });
  for (const { client } of bound.values()) client.send(frame);
  return row;
}

/** How many clients are bound (tests). */
export function boundClients(): string[] {
  return [...bound.values()].map((entry) => entry.username);
}

export function pongCount(): number {
  return pongs;
}

export const socketHandlers = [
  messageSocket.addEventListener('connection', ({ client }) => {
    let demoTimer: ReturnType<typeof setTimeout> | undefined;
    const ping = setInterval(() => client.send(JSON.stringify({ type: 'ping' })), PING_INTERVAL_MS);
    client.addEventListener('message', (event) => {
      if (typeof event.data !== 'string') return;
      let frame: { type?: string; username?: string };
      try {
        frame = JSON.parse(event.data) as typeof frame;
      } catch {
        frame = { type: event.data };
      }
      if (frame.type === 'bind') {
        bound.set(client.id, { client, username: String(frame.username ?? '') });
        client.send(JSON.stringify({ type: 'bind', msg: 'ok' }));
        // A ping right away proves the pong path; then one demo push.
        client.send(JSON.stringify({ type: 'ping' }));
        demoTimer = setTimeout(() => {
          if (bound.has(client.id)) pushMessage();
        }, DEMO_PUSH_DELAY_MS);
      } else if (frame.type === 'pong') {
        pongs += 1;
      }
    });
    client.addEventListener('close', () => {
      clearInterval(ping);
      if (demoTimer) clearTimeout(demoTimer);
      bound.delete(client.id);
    });
  }),
];
