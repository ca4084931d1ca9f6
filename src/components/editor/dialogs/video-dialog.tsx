/** 视频: an address the editor accepts (own file or an allowed player) and the frame's size. */
import { useId, useState } from 'react';
import { editorDialogs, editorErrors, editorFields as f } from '@/locale/editor';
import { editorUi } from '@/locale/editor-ui';
import { EDITOR_LIMITS, type VideoData } from '../model/blocks';
import { DialogShell, ErrorText, NumberField, TextField, type DialogProps } from './dialog-shell';

const { width: DEFAULT_WIDTH, height: DEFAULT_HEIGHT } = EDITOR_LIMITS.video;
const MIN_SIDE = 50;
const MAX_SIDE = 2000;

export function VideoDialog({
  onSubmit,
  accept,
  ...shell
}: DialogProps & {
  onSubmit: (value: VideoData) => void;
  accept: (url: string) => boolean;
}) {
  const id = useId();
  const [url, setUrl] = useState('');
  const [width, setWidth] = useState<number>(DEFAULT_WIDTH);
  const [height, setHeight] = useState<number>(DEFAULT_HEIGHT);
  const [error, setError] = useState('');
  const submit = () => {
    if (!url.trim()) return setError(editorUi.dialog.videoRequired);
    if (!accept(url.trim())) return setError(editorErrors.videoNotAllowed);
    onSubmit({ url: url.trim(), width, height });
  };
  return (
    <DialogShell {...shell} header={editorDialogs.video} width={480} onOk={submit}>
      <TextField
        label={f.videoUrl}
        id={`${id}-url`}
        value={url}
        autoFocus
        invalid={!!error}
        onChange={(next) => (setUrl(next), setError(''))}
      />
      <ErrorText error={error} />
      <div className="re-dialog__row">
        <NumberField
          label={f.videoWidth}
          id={`${id}-w`}
          value={width}
          min={MIN_SIDE}
          max={MAX_SIDE}
          onChange={(next) => setWidth(next ?? DEFAULT_WIDTH)}
        />
        <NumberField
          label={f.videoHeight}
          id={`${id}-h`}
          value={height}
          min={MIN_SIDE}
          max={MAX_SIDE}
          onChange={(next) => setHeight(next ?? DEFAULT_HEIGHT)}
        />
      </div>
    </DialogShell>
  );
}
