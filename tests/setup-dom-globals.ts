/**
 * The files that run in jsdom run in Vitest's vmForks pool (vitest.config.ts): each gets a fresh
 * VM context whose global scope is jsdom's window. That window lacks some of what Node gives every
 * global scope, and the code under test uses it: Web Crypto (the session's sign-in id) and the
 * WHATWG streams (msw's interceptors). Node's own are put there, as the forks pool's jsdom (on
 * Node's global scope) has them.
 */
import { webcrypto } from 'node:crypto';
import * as webStreams from 'node:stream/web';

const STREAMS = [
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'TextDecoderStream',
  'TextEncoderStream',
  'CompressionStream',
  'DecompressionStream',
] as const;

if (!(globalThis.crypto as Crypto | undefined)?.subtle)
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
for (const name of STREAMS)
  if (!(name in globalThis))
    Object.defineProperty(globalThis, name, {
      value: webStreams[name],
      configurable: true,
      writable: true,
    });
