/**
 * The size of a form's editor (spec section 9): 900 × 600 embedded in a form unless the field's
 * parameData says otherwise. Light on purpose: the lazy wrapper reserves this much room before
 * the editor's code has arrived, and the editor itself opens at it.
 */
import { EDITOR_LIMITS } from '@/core/editor-limits';
import { numberParam, type FieldDefinition } from '@/core/field-definition';

function positiveParam(field: FieldDefinition, name: string): number | undefined {
  const n = numberParam(field, name);
  return n !== undefined && n > 0 ? n : undefined;
}

export function editorFieldSize(field: FieldDefinition): { width: number; height: number } {
  const { formEmbedded } = EDITOR_LIMITS;
  return {
    width: positiveParam(field, 'width') ?? formEmbedded.width,
    height: positiveParam(field, 'height') ?? formEmbedded.height,
  };
}

/**
 * What the editor adds around its frame at a desktop width: the toolbar (two rows of buttons),
 * the status line and the border — 67 + 22 + 2 px. A phone wraps the toolbar further.
 */
export const EDITOR_CHROME_PX = 91;
