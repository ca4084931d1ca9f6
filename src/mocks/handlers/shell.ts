/**
 * Mock handlers the shell needs: user menus, system settings, messages, socket status,
 * clear cache. PLACEHOLDER: the shell issue fills this in.
 */
import type { RequestHandler, WebSocketHandler } from 'msw';

export const shellHandlers: (RequestHandler | WebSocketHandler)[] = [];
