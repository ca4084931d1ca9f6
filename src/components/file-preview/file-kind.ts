/**
 * What kind of preview a file gets, from its name or address (an uploaded file's address may
 * have no extension, so the title is asked first) or, failing that, from its content type.
 * Dependency-free: the library grid uses it for icons without loading any previewer.
 */
export type PreviewKind = 'image' | 'pdf' | 'docx' | 'xlsx' | 'video' | 'other';

const BY_EXTENSION: Record<string, PreviewKind> = {
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  bmp: 'image',
  svg: 'image',
  pdf: 'pdf',
  docx: 'docx',
  xlsx: 'xlsx',
  mp4: 'video',
  webm: 'video',
  mov: 'video',
};

const BY_MIME: Record<string, PreviewKind> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
};

/** Lower-case extension of a name or address ('' when there is none). */
export function extensionOf(nameOrUrl: string): string {
  const path = nameOrUrl.split(/[?#]/)[0] ?? '';
  const last = path.split('/').pop() ?? '';
  const dot = last.lastIndexOf('.');
  return dot > 0 ? last.slice(dot + 1).toLowerCase() : '';
}

/** The kind from the first of `names` that has a known extension; 'other' when none has. */
export function previewKindOf(...names: readonly (string | undefined)[]): PreviewKind {
  for (const name of names) {
    const kind = name ? BY_EXTENSION[extensionOf(name)] : undefined;
    if (kind) return kind;
  }
  return 'other';
}

/** The kind of a content type (what the server answered for an address without extension). */
export function previewKindOfMime(mime: string): PreviewKind {
  const type = mime.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  return BY_MIME[type] ?? 'other';
}

/** PrimeIcons class for a file card. */
export function fileIconOf(kind: PreviewKind, name = ''): string {
  switch (kind) {
    case 'image':
      return 'pi pi-image';
    case 'pdf':
      return 'pi pi-file-pdf';
    case 'docx':
      return 'pi pi-file-word';
    case 'xlsx':
      return 'pi pi-file-excel';
    case 'video':
      return 'pi pi-video';
    default: {
      const ext = extensionOf(name);
      if (ext === 'doc') return 'pi pi-file-word';
      if (ext === 'xls' || ext === 'csv') return 'pi pi-file-excel';
      return 'pi pi-file';
    }
  }
}
