/**
 * `mock-server --port <p> [--host <h>] [--allow-reset] [--data-dir <dir>] [--data-limit <MB>]`:
 * the mock backend over real HTTP; uploaded files are kept on disk under the data folder.
 */
import type { Command } from 'commander';
import { failWith } from '../fail';

interface MockServerFlags {
  port: string;
  host: string;
  allowReset: boolean;
  dataDir: string;
  dataLimit: string;
}

export function registerMockServer(program: Command): void {
  program
    .command('mock-server')
    .description('Serve the mock backend over HTTP (same handlers as the browser worker)')
    .requiredOption('--port <port>', 'port to listen on')
    .option('--host <host>', 'interface to bind', '127.0.0.1')
    .option(
      '--allow-reset',
      'serve POST /api/mock/reset, which restores the demo data (anyone reaching the port can call it)',
      false,
    )
    .option('--data-dir <dir>', 'folder that keeps the bytes of uploaded files', '.mock-data')
    .option('--data-limit <MB>', 'megabytes all kept files may take together', '1024')
    .action(async (flags: MockServerFlags) => {
      const port = Number(flags.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535)
        failWith(`invalid --port ${flags.port}`);
      const megabytes = Number(flags.dataLimit);
      if (!Number.isFinite(megabytes) || megabytes <= 0)
        failWith(`invalid --data-limit ${flags.dataLimit}`);
      // Loaded on demand: the mock engine imports generated/ through the @generated alias,
      // which other commands (run from anywhere, e.g. on a fixture copy) must not depend on.
      const { startMockServer } = await import('../../src/mocks/http-server');
      const server = await startMockServer({
        port,
        host: flags.host,
        allowReset: flags.allowReset,
        dataDir: flags.dataDir,
        dataLimit: Math.floor(megabytes * 1024 * 1024),
      });
      console.log(`mock backend listening on ${server.url}`);
      if (flags.allowReset) console.log('POST /api/mock/reset is enabled');
      console.log(`uploaded files are kept in ${flags.dataDir} (at most ${flags.dataLimit} MB)`);
      const stop = () => void server.close().then(() => process.exit(0));
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
}
