/**
 * orval's form-data mutator for an imported source's typed functions: the multipart body of a
 * call, built from the value itself rather than from the schema. Orval's own builder decides by
 * each property's declared `type` and appends a union's value untouched — OpenAI's
 * `chunking_strategy` (`"auto"` or a VadConfig object) was appended as an object, which
 * FormData does not take and which did not type-check. Here each value says what it is.
 */
import { isRecord } from '@/core/guards';

/** One form field's value: text and files as they are, numbers and booleans as text, else JSON. */
function fieldValue(value: unknown): string | Blob {
  if (typeof value === 'string' || value instanceof Blob) return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return JSON.stringify(value);
}

/**
 * A field per property (an array: one field per item, as orval's builder does); an absent or
 * null property sends no field. A body that is no object is sent as one field, `data`.
 *
 * @example formDataOf({ file, model: 'whisper-1', chunking_strategy: { type: 'server_vad' } })
 * // file, model, and chunking_strategy as the text {"type":"server_vad"}
 */
export function formDataOf(body: unknown): FormData {
  const form = new FormData();
  const fields: [string, unknown][] =
    isRecord(body) && !(body instanceof Blob) ? Object.entries(body) : [['data', body]];
  for (const [name, value] of fields) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, fieldValue(item));
  }
  return form;
}
