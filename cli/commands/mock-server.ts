/** `mock-server --port <p> [--host <h>] [--allow-reset]`: the mock backend over real HTTP. */
import type { Command } from 'commander';
import { failWith } from '../fail';

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
    .action(async (flags: { port: string; host: string; allowReset: boolean }) => {
      const port = Number(flags.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535)
        failWith(`invalid --port ${flags.port}`);
      // Loaded on demand: the mock engine imports generated/ through the @generated alias,
      // which other commands (run from anywhere, e.g. on a fixture copy) must not depend on.
      const { startMockServer } = await import('../../src/mocks/http-server');
      const server = await startMockServer({
        port,
        host: flags.host,
        allowReset: flags.allowReset,
      });
      console.log(`mock backend listening on ${server.url}`);
      if (flags.allowReset) console.log('POST /api/mock/reset is enabled');
      const stop = () => void server.close().then(() => process.exit(0));
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
}
