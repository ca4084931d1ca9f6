/** The name a file is sent under: a File's own name, else the fallback (a Blob has none). */
export function fileNameOf(file: Blob, fallback = 'file'): string {
  const name = 'name' in file ? file.name : undefined;
  return typeof name === 'string' && name ? name : fallback;
}
