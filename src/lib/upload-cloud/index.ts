/**
 * Direct upload to cloud storage (spec sections 7 and 9): temporary credentials from
 * POST /api/tool/getaliyunoss, then a multipart upload with ali-oss (1 MB parts, 4 in
 * parallel) straight to the bucket, then a signed address, then the attachment is recorded
 * with att_storage 2 through the generated attachment add call.
 *
 * ali-oss is large: it is loaded with import() on the first cloud upload only. A credential
 * answer that names an `endpoint` (an OSS-compatible gateway, or the mock backend's
 * emulation under /oss-mock/) is addressed path-style (`<endpoint>/<bucket>/<key>`); without
 * it the region's public endpoint is used, as for Aliyun OSS itself.
 * Failure shows 前端直传云存储失败 (the spec's "frontend direct upload to cloud storage failed").
 */
import type OSS from 'ali-oss';
import { attachmentAdd } from '@generated/api/attachment/attachment';
import type { OssCredentials } from '@generated/api/model/ossCredentials';
import { toolGetaliyunoss } from '@generated/api/tool/tool';
import type { AttachmentValue } from '@/core/attachment';
import { notify } from '@/lib/notify';
import { largeUpload } from '@/locale/large-upload';
import { uploadMessages } from '@/locale/request';

/** Spec section 9: cloud multipart parts of 1 MB… */
export const CLOUD_PART_SIZE = 1024 * 1024;
/** …4 in parallel. */
export const CLOUD_PARALLEL = 4;
/** att_storage of a direct-to-cloud upload (spec section 3). */
export const CLOUD_STORAGE = 2;
/**
 * Lifetime of the signed address, in seconds. The address is what the attachment keeps, so it
 * must outlive a working session by far; a private bucket cannot serve an unsigned one.
 */
export const SIGNED_URL_LIFETIME_S = 365 * 24 * 60 * 60;

export interface CloudUploadOptions {
  /** Attachment category of the recorded attachment. */
  acId?: number;
  /**
   * Called with 0–100 as parts complete, and with the parts done of all the parts when the
   * file goes in parts (ali-oss sends a file under 100 KB in one request, without parts).
   */
  onProgress?: (percent: number, parts?: CloudParts) => void;
  /** Cancels the upload (the parts in flight are abandoned). */
  signal?: AbortSignal;
}

/** Parts of a multipart upload: those stored so far, of all of them. */
export interface CloudParts {
  done: number;
  total: number;
}

export type CloudUploadResult =
  | { ok: true; value: AttachmentValue }
  | { ok: false; message: string; cancelled?: true };

/** ali-oss knows `sldEnable` (path-style addressing) but its type declarations do not. */
type ClientOptions = OSS.Options & { sldEnable?: boolean };

/** The credential answer; `endpoint` is optional in the contract (absent for Aliyun OSS). */
type Credentials = OssCredentials & { endpoint?: string };

async function credentials(signal?: AbortSignal): Promise<Credentials> {
  const answer = await toolGetaliyunoss(undefined, signal);
  if (!answer.data) throw new Error('getaliyunoss answered without credentials');
  return answer.data;
}

/** The endpoint as an absolute origin: a path-only answer is taken as this page's origin. */
function absoluteEndpoint(endpoint: string): string {
  return new URL(endpoint, globalThis.location?.href ?? 'http://localhost').origin;
}

export function clientOptions(found: Credentials): ClientOptions {
  const secure =
    found.endpoint === undefined
      ? true
      : new URL(absoluteEndpoint(found.endpoint)).protocol === 'https:';
  return {
    region: found.region,
    accessKeyId: found.accessKeyId,
    accessKeySecret: found.accessKeySecret,
    stsToken: found.securityToken,
    bucket: found.bucket,
    secure,
    ...(found.endpoint ? { endpoint: absoluteEndpoint(found.endpoint), sldEnable: true } : {}),
  };
}

/** The object key: the server's folder plus a fresh name; the user's file name is never a path. */
export function objectKey(folder: string, fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const extension =
    dot > 0
      ? fileName
          .slice(dot)
          .toLowerCase()
          .replace(/[^.a-z0-9]/g, '')
      : '';
  const random =
    globalThis.crypto?.randomUUID?.().replace(/-/g, '') ?? Math.random().toString(16).slice(2);
  const prefix = folder && !folder.endsWith('/') ? `${folder}/` : folder;
  return `${prefix}${Date.now()}${random.slice(0, 12)}${extension}`;
}

type OssClient = typeof OSS;

/**
 * The signed address of `key`. ali-oss refuses to sign for an endpoint that is an IP address
 * (the demo on 127.0.0.1, a gateway by address); its signature covers /<bucket>/<key> and not
 * the host, so it is signed for a stand-in host name and the real origin is put back.
 */
export function signedAddress(
  Client: OssClient,
  client: OSS,
  options: ClientOptions,
  key: string,
  expires = SIGNED_URL_LIFETIME_S,
): string {
  const endpoint = options.endpoint ? new URL(options.endpoint) : undefined;
  const isIp = endpoint && /^(\d+\.\d+\.\d+\.\d+|\[[0-9a-f:.]+\])$/i.test(endpoint.hostname);
  if (!endpoint || !isIp) return client.signatureUrl(key, { expires });
  const standIn = new Client({
    ...options,
    endpoint: `${endpoint.protocol}//oss-endpoint.invalid`,
  });
  const signed = new URL(standIn.signatureUrl(key, { expires }));
  return `${endpoint.origin}${signed.pathname}${signed.search}`;
}

function attachmentKind(file: File): number {
  if (file.type.startsWith('image/')) return 2;
  if (file.type.startsWith('video/')) return 3;
  return 1;
}

/** Uploads `file` to cloud storage and records it; resolves (never rejects). */
export async function uploadToCloud(
  file: File,
  options: CloudUploadOptions = {},
): Promise<CloudUploadResult> {
  const { signal } = options;
  const cancelled: CloudUploadResult = {
    ok: false,
    message: largeUpload.cancelled,
    cancelled: true,
  };
  let client: OSS | undefined;
  const stop = () => client?.cancel();
  signal?.addEventListener('abort', stop, { once: true });
  try {
    options.onProgress?.(0);
    const found = await credentials(signal);
    if (signal?.aborted) return cancelled;
    const { default: OssClient } = await import('ali-oss');
    const settings = clientOptions(found);
    client = new OssClient({
      ...settings,
      refreshSTSToken: async () => {
        const fresh = await credentials();
        return {
          accessKeyId: fresh.accessKeyId,
          accessKeySecret: fresh.accessKeySecret,
          stsToken: fresh.securityToken,
        };
      },
    });
    const key = objectKey(found.img_path, file.name);
    await client.multipartUpload(key, file, {
      partSize: CLOUD_PART_SIZE,
      parallel: CLOUD_PARALLEL,
      mime: file.type || undefined,
      // ali-oss calls this as each part is stored, with its checkpoint (absent for a file sent
      // in one request); the fraction counts the final "complete" call as one more part.
      progress: (fraction: number, checkpoint?: OSS.Checkpoint) =>
        options.onProgress?.(
          Math.min(99, Math.round(fraction * 100)),
          checkpoint && checkpoint.partSize > 0
            ? {
                done: checkpoint.doneParts.length,
                total: Math.ceil(checkpoint.fileSize / checkpoint.partSize),
              }
            : undefined,
        ),
    });
    if (signal?.aborted) return cancelled;
    const address = signedAddress(OssClient, client, settings, key);
    const added = await attachmentAdd(
      {
        att_title: file.name,
        att_url: address,
        att_storage: CLOUD_STORAGE,
        type: attachmentKind(file),
        attachment_cate_id: options.acId ?? 0,
      },
      undefined,
      signal,
    );
    if (!added.data) throw new Error('attachment add answered without a record');
    options.onProgress?.(100);
    notify.success(uploadMessages.chunkSucceeded);
    return {
      ok: true,
      value: { att_id: added.data.att_id, att_title: file.name, att_url: added.data.att_url },
    };
  } catch (error) {
    // ali-oss rejects a cancelled upload with an error named 'cancel'.
    if (signal?.aborted || (error instanceof Error && error.name === 'cancel')) return cancelled;
    notify.error(uploadMessages.directUploadFailed);
    return { ok: false, message: uploadMessages.directUploadFailed };
  } finally {
    signal?.removeEventListener('abort', stop);
  }
}
