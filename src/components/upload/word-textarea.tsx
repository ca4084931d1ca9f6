/**
 * The textarea control with an 导入 Word button when its field asks for one
 * (parameData.wordImport: true, or 'html' to insert HTML rather than text). The converted
 * content is added after what the field already holds.
 */
import './upload.css';
import { useId, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { booleanParam } from '@/core/field-definition';
import { notify } from '@/lib/notify';
import { upload as t } from '@/locale/upload';
import type { ControlProps } from '../form/controls/types';
import { TextareaControl } from '../form/controls/text';
import { sanitizeText } from '../form/schema';
import { importWord } from './word-import';

export function wordImportOf(props: ControlProps): 'text' | 'html' | null {
  if (props.field.parameData?.wordImport === 'html') return 'html';
  return booleanParam(props.field, 'wordImport') ? 'text' : null;
}

export function TextareaWithWordImport(props: ControlProps) {
  const as = wordImportOf(props);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [busy, setBusy] = useState(false);
  if (!as) return <TextareaControl {...props} />;

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    notify.info(t.wordParsing);
    const result = await importWord(file, as);
    setBusy(false);
    if (!result.ok) {
      notify.error(result.message);
      return;
    }
    const before = typeof props.value === 'string' ? props.value.trim() : '';
    props.onChange(sanitizeText(before ? `${before}\n${result.content}` : result.content));
    notify.success(t.wordSuccess);
  };

  return (
    <div className="word-import">
      <TextareaControl {...props} />
      <div className="word-import__bar">
        <input
          ref={input}
          id={inputId}
          type="file"
          accept=".doc,.docx"
          hidden
          data-word-import={props.field.cf_fieldname}
          onChange={(event) => {
            void choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <Button
          type="button"
          icon="pi pi-file-word"
          label={t.wordImport}
          outlined
          size="small"
          loading={busy}
          disabled={props.disabled || busy}
          onClick={() => input.current?.click()}
        />
      </div>
    </div>
  );
}
