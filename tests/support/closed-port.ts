import { createServer } from 'node:net';

/** A loopback port that was just free and where nothing listens now (a refused connection). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    }),
  );
  await new Promise((resolve) => server.close(resolve));
  return port;
}
