/**
 * 插入图片 (修改 on an image): address (typed, uploaded or from the attachment library), alt
 * text, size and float.
 */
import { useId, useState } from 'react';
import { Button } from 'primereact/button';
import { editorDialogs, editorFields as f, editorPopup } from '@/locale/editor';
import { editorUi } from '@/locale/editor-ui';
import type { ImageData, ImageFloat } from '../model/blocks';
import { isSafeUrl } from '../tools/media-tools';
import {
  ChoiceField,
  DialogShell,
  ErrorText,
  NumberField,
  TextField,
  type DialogProps,
} from './dialog-shell';

const d = editorUi.dialog;

const FLOATS: readonly { value: ImageFloat; label: string }[] = [
  { value: 'none', label: editorPopup.floatNone },
  { value: 'left', label: editorPopup.floatLeft },
  { value: 'right', label: editorPopup.floatRight },
  { value: 'center', label: editorPopup.floatCenter },
];

/** The largest width or height an image may be given, in px. */
const MAX_SIDE = 4000;

export function ImageDialog({
  initial,
  onSubmit,
  onUpload,
  onLibrary,
  ...shell
}: DialogProps & {
  initial: ImageData;
  onSubmit: (value: ImageData) => void;
  onUpload: (file: File) => Promise<string | undefined>;
  onLibrary: () => void;
}) {
  const id = useId();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState('');
  const submit = () => {
    if (!value.url.trim() || !isSafeUrl(value.url)) return setError(d.imageRequired);
    onSubmit({ ...value, url: value.url.trim() });
  };
  return (
    <DialogShell {...shell} header={editorDialogs.image} width={520} onOk={submit}>
      <TextField
        label={f.imageUrl}
        id={`${id}-url`}
        value={value.url}
        invalid={!!error}
        onChange={(url) => (setValue({ ...value, url }), setError(''))}
      />
      <ErrorText error={error} />
      <div className="re-dialog__row">
        <label className="p-button p-button-outlined p-button-sm re-dialog__upload">
          <i className="pi pi-upload" aria-hidden="true" /> {d.imageUpload}
          <input
            type="file"
            accept="image/*"
            hidden
            aria-label={d.imageUpload}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              void onUpload(file).then((url) => {
                if (url) setValue((v) => ({ ...v, url }));
              });
            }}
          />
        </label>
        <Button
          type="button"
          size="small"
          outlined
          icon="pi pi-images"
          label={d.imageLibrary}
          onClick={onLibrary}
        />
      </div>
      <TextField
        label={f.imageAlt}
        id={`${id}-alt`}
        value={value.alt ?? ''}
        onChange={(alt) => setValue({ ...value, alt })}
      />
      <div className="re-dialog__row">
        <NumberField
          label={f.imageWidth}
          id={`${id}-w`}
          value={value.width}
          min={1}
          max={MAX_SIDE}
          onChange={(width) => setValue({ ...value, width })}
        />
        <NumberField
          label={f.imageHeight}
          id={`${id}-h`}
          value={value.height}
          min={1}
          max={MAX_SIDE}
          onChange={(height) => setValue({ ...value, height })}
        />
      </div>
      <ChoiceField
        legend={d.imageFloat}
        name={`${id}-float`}
        choices={FLOATS}
        value={value.float}
        onChange={(float) => setValue({ ...value, float })}
      />
    </DialogShell>
  );
}
