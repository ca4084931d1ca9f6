/**
 * Request-client configuration: timeout and optional encryption. Defaults come from the
 * spec (300000 ms) and from Vite env; tests override with `configureRequest`.
 *
 * Encryption (spec section 7, off by default) is switched on by `VITE_API_ENCRYPT=true`
 * with `VITE_API_ENCRYPT_KEY` and `VITE_API_ENCRYPT_IV`; nothing is hard-coded here.
 * Dependency-free so the mock backend reads the same settings as the client that calls it.
 */
import type { EncryptionConfig } from './crypto';

export type { EncryptionConfig } from './crypto';

export const DEFAULT_TIMEOUT_MS = 300_000;

export interface RequestClientConfig {
  /** Base URL prefixed to relative paths; '' is the site root. */
  baseUrl: string;
  timeoutMs: number;
  /** undefined: encryption off. */
  encryption: EncryptionConfig | undefined;
}

function readEnv(name: string): string | undefined {
  // import.meta.env exists under Vite and vitest; plain Node (the CLI) has none.
  const env = (import.meta as { env?: Record<string, string | undefined> }).env;
  return env?.[name];
}

function encryptionFromEnv(): EncryptionConfig | undefined {
  const on = readEnv('VITE_API_ENCRYPT');
  const key = readEnv('VITE_API_ENCRYPT_KEY');
  const iv = readEnv('VITE_API_ENCRYPT_IV');
  if (on !== 'true' && on !== '1') return undefined;
  if (!key || !iv) {
    console.warn(
      'VITE_API_ENCRYPT is on but VITE_API_ENCRYPT_KEY / VITE_API_ENCRYPT_IV are missing; encryption stays off.',
    );
    return undefined;
  }
  return { key, iv };
}

function defaults(): RequestClientConfig {
  return { baseUrl: '', timeoutMs: DEFAULT_TIMEOUT_MS, encryption: encryptionFromEnv() };
}

let current: RequestClientConfig = defaults();

export function getRequestConfig(): Readonly<RequestClientConfig> {
  return current;
}

/** Overrides parts of the configuration (tests, or an app that configures at start-up). */
export function configureRequest(patch: Partial<RequestClientConfig>): void {
  current = { ...current, ...patch };
}

/** Back to the defaults from the environment. */
export function resetRequestConfig(): void {
  current = defaults();
}
