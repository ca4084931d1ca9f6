/**
 * What every upload call of the mock does first: takes the posted file out of the form, and
 * keeps it only when its extension is one the call allows AND its bytes are of that type.
 */
import { mockMessages } from '@/locale/mock';
import { judgeUpload, UPLOAD_TYPES, type FileType, type UploadKind } from '@/core/file-types';
import type { Params } from './util';

export interface FormFile {
  bytes: Uint8Array;
  name: string;
}

export async function fromForm(value: unknown): Promise<FormFile | undefined> {
  if (!(value instanceof Blob)) return undefined;
  const name = value instanceof File && value.name ? value.name : 'file';
  return { bytes: new Uint8Array(await value.arrayBuffer()), name };
}

export function firstFile(body: Params, preferred: string[]): unknown {
  for (const key of preferred) if (body[key] instanceof Blob) return body[key];
  return Object.values(body).find((value) => value instanceof Blob);
}

/** The spec's wrong-format message (section 5) with the list the call accepts. */
export function wrongType(kind: UploadKind): string {
  return mockMessages.uploadWrongType(UPLOAD_TYPES[kind]);
}

/** The type of a file the call keeps: allowed extension AND matching content; else undefined. */
export function acceptedType(file: FormFile, kind: UploadKind): FileType | undefined {
  const verdict = judgeUpload(file.bytes, file.name, UPLOAD_TYPES[kind]);
  return verdict.ok ? verdict.type : undefined;
}
