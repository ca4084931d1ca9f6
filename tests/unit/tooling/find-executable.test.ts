// @vitest-environment node
/**
 * Issue 52: the browser and nginx the tests start are found on any OS — an environment variable
 * names one outright, else its usual names on PATH (Ubuntu's chromium-browser, Google Chrome…),
 * else where installers put it off PATH (the macOS app bundle) — instead of Debian's paths only.
 */
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chromiumExecutable } from '../../../scripts/chromium';
import {
  CHROMIUM_BROWSER,
  NGINX,
  candidates,
  findExecutable,
  missingExecutable,
  type ExecutableSearch,
} from '../../../scripts/find-executable';
import { tempDir } from '../../generator/helpers';

/** A file at `file` that may be run (or not), as an installed program is. */
async function program(file: string, runnable = true): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, '#!/bin/sh\n');
  await chmod(file, runnable ? 0o755 : 0o644);
  return file;
}

describe('finding the programs the tests start', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('starts the chromium-browser a fake PATH holds, not Debian’s /usr/bin/chromium', async () => {
    const dir = await tempDir('find-executable');
    const browser = await program(path.join(dir, 'chromium-browser'));
    vi.stubEnv('CHROMIUM_PATH', undefined);
    vi.stubEnv('PATH', dir);
    expect(chromiumExecutable('browser')).toBe(browser);
  });

  it('takes the first of the browser’s names on a fake PATH, skipping a file that cannot run', async () => {
    const dir = await tempDir('find-executable');
    const first = path.join(dir, 'first');
    const second = path.join(dir, 'second');
    await program(path.join(first, 'google-chrome'), false);
    const chrome = await program(path.join(second, 'google-chrome'));
    const browser = await program(path.join(second, 'chromium-browser'));
    const env = { PATH: [first, second].join(':') };
    // chromium-browser is named before google-chrome; the unrunnable google-chrome is no program.
    expect(findExecutable(CHROMIUM_BROWSER, { env, platform: 'linux' })).toBe(browser);
    const search: ExecutableSearch = { ...CHROMIUM_BROWSER, names: ['google-chrome'], places: [] };
    expect(findExecutable(search, { env, platform: 'linux' })).toBe(chrome);
  });

  it('looks off PATH where installers put it (the macOS app bundle) after PATH', async () => {
    const dir = await tempDir('find-executable');
    const app = await program(path.join(dir, 'Chromium.app', 'Contents', 'MacOS', 'Chromium'));
    const search = { ...CHROMIUM_BROWSER, places: [app] };
    expect(
      findExecutable(search, { env: { PATH: path.join(dir, 'empty') }, platform: 'darwin' }),
    ).toBe(app);
    expect(CHROMIUM_BROWSER.places).toContain('/Applications/Chromium.app/Contents/MacOS/Chromium');
  });

  it('takes the environment variable as given, before PATH', async () => {
    const dir = await tempDir('find-executable');
    await program(path.join(dir, 'nginx'));
    const env = { PATH: dir, NGINX_PATH: '/opt/nginx/sbin/nginx' };
    expect(findExecutable(NGINX, { env, platform: 'linux' })).toBe('/opt/nginx/sbin/nginx');
    expect(findExecutable(NGINX, { env: { PATH: dir }, platform: 'linux' })).toBe(
      path.join(dir, 'nginx'),
    );
  });

  it('finds a Windows program by its PATHEXT ending, on a ;-separated Path', () => {
    const env = { Path: 'C:\\tools;D:\\bin', PATHEXT: '.EXE;.CMD' };
    const search: ExecutableSearch = { variable: 'NGINX_PATH', names: ['nginx'], places: [] };
    expect(candidates(search, { env, platform: 'win32' })).toEqual([
      path.join('C:\\tools', 'nginx'),
      path.join('C:\\tools', 'nginx.exe'),
      path.join('C:\\tools', 'nginx.cmd'),
      path.join('D:\\bin', 'nginx'),
      path.join('D:\\bin', 'nginx.exe'),
      path.join('D:\\bin', 'nginx.cmd'),
    ]);
  });

  it('says what it looked for and which variable to set when nothing is there', async () => {
    const dir = await tempDir('find-executable');
    const search = { ...NGINX, places: [path.join(dir, 'nowhere', 'nginx')] };
    expect(findExecutable(search, { env: { PATH: dir }, platform: 'linux' })).toBeUndefined();
    expect(missingExecutable(NGINX, 'Install nginx')).toBe(
      'nginx not found: looked for nginx on PATH and in /usr/sbin/nginx, /usr/local/sbin/nginx, ' +
        '/opt/homebrew/bin/nginx, /usr/local/bin/nginx. Install nginx, or set NGINX_PATH to its path.',
    );
  });
});
