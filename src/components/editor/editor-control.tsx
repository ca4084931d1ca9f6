/**
 * The DynamicForm `editor` control (spec section 9): form-embedded 900 × 600 by default
 * (parameData width/height override), the product settings (minimum frame 800 × 350, word count
 * off, scaling on), drafts under the page address + field name. The value is HTML.
 */
import type { ControlProps, FormContext } from '../form/controls/types';
import { EDITOR_LIMITS } from './model/blocks';
import { editorFieldSize } from './editor-field-size';
import { RichEditor } from './rich-editor';

/**
 * The draft id: the field name, preceded by the form's mode and record when known, so adding a
 * record and editing record N on one screen keep separate drafts.
 */
export function editorDraftId(fieldName: string, context: FormContext | undefined): string {
  if (!context) return fieldName;
  const record = context.mode === 'edit' ? `:${String(context.recordId ?? '')}` : '';
  return `${context.mode}${record}:${fieldName}`;
}

export default function EditorControl({
  field,
  id,
  value,
  onChange,
  onBlur,
  invalid,
  disabled,
  formContext,
  registerBeforeSubmit,
}: ControlProps) {
  const { product } = EDITOR_LIMITS;
  const { width, height } = editorFieldSize(field);
  const wordCount = field.parameData?.wordCount;
  return (
    <RichEditor
      id={id}
      label={field.cf_name}
      value={typeof value === 'string' ? value : ''}
      onChange={onChange}
      onBlur={onBlur}
      invalid={invalid}
      disabled={disabled}
      width={width}
      height={height}
      minWidth={product.minWidth}
      minHeight={product.minHeight}
      wordCount={typeof wordCount === 'boolean' ? wordCount : product.wordCount}
      scaling={product.scaling}
      draftId={editorDraftId(field.cf_fieldname, formContext)}
      registerBeforeSubmit={registerBeforeSubmit}
    />
  );
}
