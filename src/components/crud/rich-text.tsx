/**
 * Stored rich text (editor output, notice bodies) drawn as HTML after DOMPurify has removed
 * scripts, event handlers and javascript: links; plain text stays text.
 */
import { sanitizeEditorHtml } from '@/components/editor/html/sanitize';
import { common } from '@/locale/common';
import './rich-text.css';
import { textOf } from '@/core/guards';

/** True when a stored value is markup rather than plain text (`<p>…</p>`, `<br/>`). */
export function looksLikeHtml(value: unknown): value is string {
  return typeof value === 'string' && /<([a-z][a-z0-9]*)\b[^>]*>/i.test(value);
}

/**
 * The sanitised HTML of a stored value (exported for tests and previews): the editor's
 * sanitiser, so what is shown is exactly what the editor would keep (no style url(), no foreign
 * frames, no scripting links).
 */
export function sanitizeHtml(html: string): string {
  return sanitizeEditorHtml(html);
}

export function RichText({
  value,
  className = 'rich-text',
}: {
  value: unknown;
  className?: string;
}) {
  if (value === null || value === undefined || value === '') return <span>{common.dash}</span>;
  if (!looksLikeHtml(value)) return <div className={className}>{textOf(value)}</div>;
  return <div className={className} dangerouslySetInnerHTML={{ __html: sanitizeHtml(value) }} />;
}
