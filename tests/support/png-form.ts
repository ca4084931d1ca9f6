/** A real 1×1 PNG, in the multipart form the upload calls and the editor's uploads take. */

const DOT_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** The PNG as `dot.png` under each of `fields`, with the editor's `type=ajax`. */
export function pngForm(fields: readonly string[] = ['upfile']): FormData {
  const png = Uint8Array.from(atob(DOT_PNG), (char) => char.charCodeAt(0));
  const form = new FormData();
  for (const field of fields) form.append(field, new File([png], 'dot.png', { type: 'image/png' }));
  form.append('type', 'ajax');
  return form;
}
