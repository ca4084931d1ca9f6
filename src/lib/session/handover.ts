/**
 * The cryptography of the session hand-over between the app's own tabs (the protocol is in
 * ./index.ts). WebCrypto only. Every value that crosses the BroadcastChannel is text (hex or
 * base64): a BroadcastChannel message reaches every same-origin listener, so nothing secret may
 * travel in it readable, and text survives structured cloning unchanged wherever it lands.
 *
 * - A ticket is 128 random bits, minted by the tab that opens a new app tab and handed to it
 *   through `window.name` (`admin-handover:<32 hex digits>`). Two values are derived from it
 *   with HKDF-SHA-256 under different labels: the ticket's public id (what the new tab asks with;
 *   a listener who sees it learns nothing about the ticket) and an AES-GCM key that seals the
 *   answer (the session snapshot), bound to that id.
 * - A sync key is 256 random bits minted at sign-in, kept in the tab's session storage and handed
 *   over inside the sealed snapshot: tabs of one sign-in seal the session writes they share with
 *   it, so a page that merely listens reads none of them and cannot forge one.
 */

export const HANDOVER_NAME_PREFIX = 'admin-handover:';

const TICKET_BYTES = 16;
const SYNC_KEY_BYTES = 32;
const IV_BYTES = 12;
const TICKET_PATTERN = /^[0-9a-f]{32}$/;
const LABEL_ID = 'admin-session handover id';
const LABEL_KEY = 'admin-session handover key';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(length));
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  bytes.forEach((byte) => (binary += String.fromCharCode(byte)));
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> | undefined {
  try {
    return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------
// Tickets
// ---------------------------------------------------------------------------------------

/** A fresh one-time ticket: 128 random bits as 32 hex digits. */
export function mintTicket(): string {
  return toHex(randomBytes(TICKET_BYTES));
}

/** The `window.name` that hands `ticket` to the tab being opened. */
export function handoverWindowName(ticket: string): string {
  return `${HANDOVER_NAME_PREFIX}${ticket}`;
}

/** The ticket a `window.name` carries, or undefined (any other name, or a malformed ticket). */
export function ticketFromWindowName(name: string): string | undefined {
  if (!name.startsWith(HANDOVER_NAME_PREFIX)) return undefined;
  const ticket = name.slice(HANDOVER_NAME_PREFIX.length);
  return TICKET_PATTERN.test(ticket) ? ticket : undefined;
}

function hkdfParams(label: string): HkdfParams {
  return { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: encoder.encode(label) };
}

function ticketMaterial(ticket: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', fromHex(ticket), 'HKDF', false, [
    'deriveBits',
    'deriveKey',
  ]);
}

/** The ticket's public id on the channel (HKDF of the ticket; does not reveal it). */
export async function ticketId(ticket: string): Promise<string> {
  const bits = await crypto.subtle.deriveBits(
    hkdfParams(LABEL_ID),
    await ticketMaterial(ticket),
    128,
  );
  return toHex(new Uint8Array(bits));
}

function ticketKey(ticket: string): Promise<CryptoKey> {
  return ticketMaterial(ticket).then((material) =>
    crypto.subtle.deriveKey(
      hkdfParams(LABEL_KEY),
      material,
      { name: 'AES-GCM', length: 256 },
      false,
      ['encrypt', 'decrypt'],
    ),
  );
}

// ---------------------------------------------------------------------------------------
// Sealing (AES-GCM, with what the text is for as associated data)
// ---------------------------------------------------------------------------------------

/** AES-GCM output as text: the 96-bit nonce and the ciphertext with its tag, base64. */
export interface Sealed {
  iv: string;
  data: string;
}

async function seal(key: CryptoKey, text: string, context: string): Promise<Sealed> {
  const iv = randomBytes(IV_BYTES);
  const data = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: encoder.encode(context) },
    key,
    encoder.encode(text),
  );
  return { iv: toBase64(iv), data: toBase64(new Uint8Array(data)) };
}

/** The text, or undefined when the key, the context or the bytes do not match. */
async function unseal(
  key: CryptoKey,
  sealed: Sealed,
  context: string,
): Promise<string | undefined> {
  const iv = fromBase64(sealed.iv);
  const data = fromBase64(sealed.data);
  if (!iv || !data || iv.length !== IV_BYTES) return undefined;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv, additionalData: encoder.encode(context) },
      key,
      data,
    );
    return decoder.decode(plain);
  } catch {
    return undefined;
  }
}

/** Seals the hand-over answer for the holder of `ticket` (bound to the ticket's id). */
export async function sealForTicket(ticket: string, text: string): Promise<Sealed> {
  return seal(await ticketKey(ticket), text, await ticketId(ticket));
}

/** Opens a hand-over answer with the ticket this tab was given. */
export async function openWithTicket(ticket: string, sealed: Sealed): Promise<string | undefined> {
  return unseal(await ticketKey(ticket), sealed, await ticketId(ticket));
}

// ---------------------------------------------------------------------------------------
// The session's sync key
// ---------------------------------------------------------------------------------------

/** A fresh sync key for a new sign-in (base64 of 256 random bits). */
export function mintSyncKey(): string {
  return toBase64(randomBytes(SYNC_KEY_BYTES));
}

const syncKeys = new Map<string, Promise<CryptoKey | undefined>>();

function syncCryptoKey(raw: string): Promise<CryptoKey | undefined> {
  let key = syncKeys.get(raw);
  if (!key) {
    const bytes = fromBase64(raw);
    key =
      bytes && bytes.length === SYNC_KEY_BYTES
        ? crypto.subtle
            .importKey('raw', bytes, 'AES-GCM', false, ['encrypt', 'decrypt'])
            .catch(() => undefined)
        : Promise.resolve(undefined);
    // A tab knows one sign-in at a time; the map only saves importing the key per message.
    syncKeys.clear();
    syncKeys.set(raw, key);
  }
  return key;
}

const SYNC_CONTEXT = 'admin-session set';

/** Seals a session write for the tabs of the same sign-in; undefined for a damaged key. */
export async function sealWithSyncKey(raw: string, text: string): Promise<Sealed | undefined> {
  const key = await syncCryptoKey(raw);
  return key ? seal(key, text, SYNC_CONTEXT) : undefined;
}

/** Opens a session write sealed by a tab of the same sign-in; undefined for anything else. */
export async function openWithSyncKey(raw: string, sealed: Sealed): Promise<string | undefined> {
  const key = await syncCryptoKey(raw);
  return key ? unseal(key, sealed, SYNC_CONTEXT) : undefined;
}
