/**
 * AES-CBC (PKCS#7 padding) with Web Crypto, base64 text in and out — the same wire format as
 * the common CryptoJS setup `AES.encrypt(text, Utf8.parse(key), { iv: Utf8.parse(iv) })`.
 * Shared by the request client (which seals `paramsData`) and the mock backend (which opens it).
 */
import { base64ToBytes, bytesToBase64 } from './base64';

export interface EncryptionConfig {
  /** AES key text (UTF-8); 16, 24 or 32 bytes are used as is, other lengths are hashed. */
  key: string;
  /** IV text (UTF-8); 16 bytes used as is, other lengths are hashed. */
  iv: string;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function subtle(): SubtleCrypto {
  const api = globalThis.crypto?.subtle;
  if (!api) throw new Error('Web Crypto is not available (a secure context is required).');
  return api;
}

async function material(
  text: string,
  sizes: number[],
  fallbackSize: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const raw = encoder.encode(text);
  if (sizes.includes(raw.length)) return raw;
  const digest = new Uint8Array(await subtle().digest('SHA-256', raw));
  return digest.slice(0, fallbackSize);
}

const keyCache = new Map<string, Promise<{ key: CryptoKey; iv: Uint8Array<ArrayBuffer> }>>();

function prepare(config: EncryptionConfig) {
  const cacheKey = `${config.key}\u0000${config.iv}`;
  let prepared = keyCache.get(cacheKey);
  if (!prepared) {
    prepared = (async () => {
      const keyBytes = await material(config.key, [16, 24, 32], 32);
      const iv = await material(config.iv, [16], 16);
      const key = await subtle().importKey('raw', keyBytes, { name: 'AES-CBC' }, false, [
        'encrypt',
        'decrypt',
      ]);
      return { key, iv };
    })();
    keyCache.set(cacheKey, prepared);
  }
  return prepared;
}

export async function encryptText(text: string, config: EncryptionConfig): Promise<string> {
  const { key, iv } = await prepare(config);
  const cipher = await subtle().encrypt({ name: 'AES-CBC', iv }, key, encoder.encode(text));
  return bytesToBase64(new Uint8Array(cipher));
}

export async function decryptText(base64: string, config: EncryptionConfig): Promise<string> {
  const { key, iv } = await prepare(config);
  const plain = await subtle().decrypt({ name: 'AES-CBC', iv }, key, base64ToBytes(base64));
  return decoder.decode(plain);
}
