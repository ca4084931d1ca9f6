/**
 * `mock-server --port <p> [--host <h>] [--allow-reset] [--allow-push] [--allow-private-fetch] [--data-dir <dir>]
 * [--data-limit <MB>]
 * [--source <name>…] [--contract <dir>] [--cors-origin <origin>…] [--session-ttl <minutes>]`:
 * the mock backend over real HTTP. With `--data-dir` nothing acknowledged is lost: tables,
 * sessions and uploaded files are on disk before a write is answered and are there after a
 * crash or a restart; without it everything lives in memory until the server stops.
 * `--source petstore` also serves the imported source `<contract>/sources/petstore/` (its
 * stateful REST mock, its records kept like everything else) at `/sources/petstore`, as the app
 * calls it, and at its server path (`/v3`) where that is not the back-office's (`/api`, …).
 * No page of another origin may call it unless named with `--cors-origin`; a sign-in lasts
 * `--session-ttl` minutes (12 hours by default).
 */
import path from 'node:path';
import type { Command } from 'commander';
import { EXIT, failWith, existingFolder } from '../fail';

interface MockServerFlags {
  port: string;
  host: string;
  allowReset: boolean;
  allowPush: boolean;
  allowPrivateFetch: boolean;
  dataDir?: string;
  dataLimit: string;
  source: string[];
  contract: string;
  corsOrigin: string[];
  sessionTtl: string;
}

/**
 * `--cors-origin` as the browser sends it in the Origin header (`https://host[:port]`, lower
 * case, no path), or undefined when the value is not an origin.
 */
function originOf(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  const web = url.protocol === 'http:' || url.protocol === 'https:';
  return bare && web && value.replace(/\/$/, '').toLowerCase() === url.origin
    ? url.origin
    : undefined;
}

export function registerMockServer(program: Command): void {
  program
    .command('mock-server')
    .description(
      'Serve the mock backend over HTTP (same handlers as the browser worker), with the live message socket at /ws',
    )
    .requiredOption('--port <port>', 'port to listen on')
    .option('--host <host>', 'interface to bind', '127.0.0.1')
    .option(
      '--allow-reset',
      'serve POST /api/mock/reset, which restores the demo data (the super administrator only)',
      false,
    )
    .option(
      '--allow-push',
      'serve POST /api/mock/pushmessage, which pushes a demo message to every signed-in socket (the super administrator only)',
      false,
    )
    .option(
      '--allow-private-fetch',
      'tests and local development only: the remote image capture of the editor may fetch loopback and private-network addresses, and says why each failed (without it: public addresses only, one message for every failure)',
      false,
    )
    .option(
      '--data-dir <dir>',
      'keep everything on disk in this folder: every write (records, sign-ins, files) is synced to a journal before it is answered and survives a crash or restart; without it, data lives in memory and is lost when the server stops',
    )
    .option('--data-limit <MB>', 'megabytes all uploaded files may take together', '1024')
    .option(
      '--source <name>',
      "also serve an imported source (cli import-openapi) at /sources/<name>, and at its server path where that is not the back-office's (/api, …), as a stateful REST mock whose records are kept like the rest (on disk with --data-dir); repeatable",
      (value: string, previous: string[]) => [...previous, value],
      [],
    )
    .option(
      '--contract <dir>',
      'contract directory holding sources/<name>/',
      existingFolder,
      'openapi',
    )
    .option(
      '--cors-origin <origin>',
      'let pages of this origin (e.g. http://localhost:5173) call the server from the browser; repeatable. Without it no other origin may (the app calls it through its own origin: the dev proxy, nginx)',
      (value: string, previous: string[]) => [...previous, value],
      [],
    )
    .option(
      '--session-ttl <minutes>',
      'how long a sign-in lasts, counted from the sign-in whatever the activity; then calls answer 401 and the app goes to the login page',
      '720',
    )
    .action(async (flags: MockServerFlags) => {
      const port = Number(flags.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535)
        failWith(`invalid --port ${flags.port}`, EXIT.usage);
      const megabytes = Number(flags.dataLimit);
      if (!Number.isFinite(megabytes) || megabytes <= 0)
        failWith(`invalid --data-limit ${flags.dataLimit}`, EXIT.usage);
      const corsOrigins = flags.corsOrigin.map(
        (value) =>
          originOf(value) ??
          failWith(
            `invalid --cors-origin ${value}: expected an origin such as http://localhost:5173 (scheme, host and port, no path)`,
            EXIT.usage,
          ),
      );
      const sessionTtl = Number(flags.sessionTtl);
      if (!Number.isFinite(sessionTtl) || sessionTtl <= 0)
        failWith(`invalid --session-ttl ${flags.sessionTtl}: expected minutes above 0`, EXIT.usage);
      // Loaded on demand: the mock engine imports generated/ through the @generated alias,
      // which other commands (run from anywhere, e.g. on a fixture copy) must not depend on.
      const { startMockServer } = await import('../../src/mocks/http-server');
      const { loadRestSource } = await import('../../src/mocks/rest-source/load');
      const { mountPrefixes } = await import('../../src/mocks/mounted-sources');
      const sources = [];
      for (const name of new Set(flags.source)) {
        // Served under its own prefix, as the app calls it, whatever its server path.
        const basePath = `/sources/${name}`;
        const source = await loadRestSource(path.resolve(flags.contract), name, {
          basePath,
        }).catch((error: unknown) =>
          failWith(error instanceof Error ? error.message : String(error), EXIT.usage),
        );
        sources.push(source);
      }
      const { DataDirLockedError } = await import('../../src/mocks/data-dir-lock');
      const server = await startMockServer({
        port,
        host: flags.host,
        allowReset: flags.allowReset,
        allowPush: flags.allowPush,
        allowPrivateFetch: flags.allowPrivateFetch,
        dataDir: flags.dataDir,
        dataLimit: Math.floor(megabytes * 1024 * 1024),
        sources,
        corsOrigins,
        sessionTtlMinutes: sessionTtl,
      }).catch((error: unknown) => {
        // Another server uses the folder: the message names it and that server's pid.
        if (error instanceof DataDirLockedError) failWith(error.message, EXIT.usage);
        throw error;
      });
      console.log(`mock backend listening on ${server.url} (live messages at /ws)`);
      const prefixes = mountPrefixes(sources);
      sources.forEach((source, index) => {
        const [own, ...also] = prefixes[index] ?? [source.basePath];
        const where = also.map((prefix) => ` and ${server.url}${prefix}`).join('');
        const unmounted =
          source.serverPath !== '' && !also.includes(source.serverPath)
            ? ` (not at its server path ${source.serverPath}: the back-office's or another source's)`
            : '';
        console.log(
          `source ${source.name}: REST mock at ${server.url}${own ?? ''}${where}${unmounted}`,
        );
      });
      if (flags.allowReset) console.log('POST /api/mock/reset is enabled');
      if (flags.allowPush) console.log('POST /api/mock/pushmessage is enabled');
      if (flags.allowPrivateFetch)
        console.log('remote image capture may fetch private addresses (--allow-private-fetch)');
      if (corsOrigins.length > 0)
        console.log(`pages of ${corsOrigins.join(', ')} may call it (CORS)`);
      console.log(`a sign-in lasts ${flags.sessionTtl} minutes`);
      console.log(
        flags.dataDir
          ? `data is kept in ${flags.dataDir}: every write is on disk before it is answered (uploaded files at most ${flags.dataLimit} MB)`
          : `data is kept in memory only and is lost when the server stops (use --data-dir to keep it; uploaded files at most ${flags.dataLimit} MB)`,
      );
      // A graceful stop checkpoints the database's WAL into its file before the process ends.
      const stop = () =>
        void server.close().then(
          () => process.exit(0),
          (error: unknown) => {
            console.error('mock backend: stopping failed', error);
            process.exit(EXIT.internal);
          },
        );
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
}
