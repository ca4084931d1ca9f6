// @vitest-environment node
/**
 * When the shell asks for the user's keys and menu again: after a 220, and after a successful
 * write that can change rights — never after a password reset (it changes no right and ends the
 * sessions it would ask with).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteAnswer, onRightsMayHaveChanged } from '@/lib/request/rights';

let stop: () => void = () => undefined;
afterEach(() => stop());

function raisedBy(method: string, url: string, status: number): boolean {
  const listener = vi.fn();
  stop = onRightsMayHaveChanged(listener);
  noteAnswer(method, url, status);
  stop();
  return listener.mock.calls.length > 0;
}

describe('rights may have changed', () => {
  it.each([
    ['POST', '/api/adminrole/saveroleauth', 200, true],
    ['POST', 'http://127.0.0.1:5173/api/adminmenu/saverolemenu', 200, true],
    ['POST', '/api/field/add', 200, true],
    ['POST', '/api/module/edit', 200, true],
    ['POST', '/api/adminuser/edit', 200, true],
    ['POST', '/api/adminnotice/add', 220, true],
    ['POST', '/api/adminuser/resetpassword', 200, false],
    ['POST', '/api/adminuser/uppassword', 200, false],
    ['POST', '/api/adminnotice/add', 200, false],
    ['POST', '/api/adminrole/saveroleauth', 201, false],
    ['GET', '/api/adminrole/list', 200, false],
  ] as const)('%s %s answered %i → %s', (method, url, status, raised) => {
    expect(raisedBy(method, url, status)).toBe(raised);
  });
});
