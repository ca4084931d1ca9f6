/**
 * The demo's 重置数据: every table back to its seed (./store), then every kept file forgotten
 * (./file-bytes). In that order: a crash in between leaves files no row names, which the mock
 * server removes when it starts (http-server.ts), never rows without their files.
 */
import { clearFileBytes } from './file-bytes';
import { forgetLoginFailures } from './login-throttle';
import { resetTables } from './store';

export function resetMockDatabase(): void {
  resetTables();
  clearFileBytes();
  // The seeds' passwords are back, so are the seeds' chances to type them.
  forgetLoginFailures();
}
