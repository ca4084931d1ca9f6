/**
 * Base64 of bytes and text, the way the request client's encryption and the mock backend's
 * file store need it. Dependency-free (btoa/atob exist in browsers and in Node).
 */

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: spreading a whole large file into one call overflows the argument limit.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Base64 of the UTF-8 text (the user-tag when no key is configured). */
export function utf8ToBase64(text: string): string {
  return bytesToBase64(new TextEncoder().encode(text));
}
