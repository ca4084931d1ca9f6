/**
 * The mock backend over real HTTP (`npm run cli -- mock-server --port <p>`), the same
 * handlers as the browser worker and vitest. STUB with the final API; the mock-backend work
 * implements it.
 */
export interface RunningMockServer {
  url: string;
  close(): Promise<void>;
}

export async function startMockServer(_options: {
  port: number;
  host?: string;
}): Promise<RunningMockServer> {
  throw new Error('mock-server is not implemented yet');
}
