/**
 * The editor-internal dialogs the toolbar opens (spec section 2): link, anchor, image, video,
 * search/replace, special characters, emoticon, preview, template, table and chart. Each is a
 * PrimeReact Dialog with labelled fields; they hand plain values back to the editor. The editor
 * remounts a dialog for each opening (a new key) so its fields start empty: resetting them in
 * onShow would wipe what was typed before the opening animation ended.
 */
import { useId, useState, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { RichText } from '@/components/crud/rich-text';
import {
  editorDialogs as dt,
  editorErrors,
  editorFields as f,
  editorPopup,
  editorToolbar,
} from '@/locale/editor';
import { editorUi } from '@/locale/editor-ui';
import { EDITOR_LIMITS, type ChartType, type ImageData, type ImageFloat } from './model/blocks';
import { EMOTICONS, SPECIAL_CHARS } from './palette';
import { isSafeUrl } from './tools/media-tools';

const d = editorUi.dialog;
const ok = dt.ok;
const cancel = dt.cancel;

function Field({ label, children, id }: { label: string; id: string; children: ReactNode }) {
  return (
    <div className="re-dialog__field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

function Footer({
  onCancel,
  onOk,
  okDisabled,
}: {
  onCancel: () => void;
  onOk: () => void;
  okDisabled?: boolean;
}) {
  return (
    <div className="re-dialog__footer">
      <Button type="button" label={cancel} severity="secondary" outlined onClick={onCancel} />
      <Button type="button" label={ok} onClick={onOk} disabled={okDisabled} />
    </div>
  );
}

interface BaseProps {
  visible: boolean;
  onHide: () => void;
}

const DIALOG = {
  modal: true,
  blockScroll: false,
  draggable: false,
  className: 're-dialog',
} as const;

// ---------------------------------------------------------------------------------------------

export interface LinkValue {
  href: string;
  text: string;
  title: string;
  newWindow: boolean;
}

export function LinkDialog({
  visible,
  onHide,
  initial,
  onSubmit,
}: BaseProps & { initial: LinkValue; onSubmit: (v: LinkValue) => void }) {
  const id = useId();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState('');
  const submit = () => {
    const href = value.href.trim();
    if (!href) return setError(d.hrefRequired);
    if (/^\s*(javascript|vbscript|data):/i.test(href)) return setError(d.hrefInvalid);
    onSubmit({ ...value, href });
  };
  return (
    <Dialog
      {...DIALOG}
      header={dt.link}
      visible={visible}
      onHide={onHide}
      style={{ width: 460 }}
      footer={<Footer onCancel={onHide} onOk={submit} />}
    >
      <Field label={f.linkText} id={`${id}-text`}>
        <InputText
          id={`${id}-text`}
          value={value.text}
          onChange={(e) => setValue({ ...value, text: e.target.value })}
        />
      </Field>
      <Field label={f.linkHref} id={`${id}-href`}>
        <InputText
          id={`${id}-href`}
          value={value.href}
          invalid={!!error}
          autoFocus
          onChange={(e) => (setValue({ ...value, href: e.target.value }), setError(''))}
          onKeyDown={(e) => e.key === 'Enter' && submit()}
        />
      </Field>
      {error && (
        <small className="p-error" role="alert">
          {error}
        </small>
      )}
      <Field label={f.linkTitle} id={`${id}-title`}>
        <InputText
          id={`${id}-title`}
          value={value.title}
          onChange={(e) => setValue({ ...value, title: e.target.value })}
        />
      </Field>
      <div className="re-dialog__check">
        <Checkbox
          inputId={`${id}-new`}
          checked={value.newWindow}
          onChange={(e) => setValue({ ...value, newWindow: !!e.checked })}
        />
        <label htmlFor={`${id}-new`}>{f.linkNewWindow}</label>
      </div>
    </Dialog>
  );
}

export function AnchorDialog({
  visible,
  onHide,
  onSubmit,
}: BaseProps & { onSubmit: (name: string) => void }) {
  const id = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const submit = () => {
    const clean = name.trim().replace(/\s+/g, '-');
    if (!clean) return setError(d.anchorRequired);
    onSubmit(clean);
  };
  return (
    <Dialog
      {...DIALOG}
      header={dt.anchor}
      visible={visible}
      onHide={onHide}
      style={{ width: 400 }}
      footer={<Footer onCancel={onHide} onOk={submit} />}
    >
      <Field label={f.anchorName} id={id}>
        <InputText
          id={id}
          value={name}
          autoFocus
          invalid={!!error}
          onChange={(e) => (setName(e.target.value), setError(''))}
        />
      </Field>
      {error && (
        <small className="p-error" role="alert">
          {error}
        </small>
      )}
    </Dialog>
  );
}

// ---------------------------------------------------------------------------------------------

const FLOATS: { value: ImageFloat; label: string }[] = [
  { value: 'none', label: editorPopup.floatNone },
  { value: 'left', label: editorPopup.floatLeft },
  { value: 'right', label: editorPopup.floatRight },
  { value: 'center', label: editorPopup.floatCenter },
];

export function ImageDialog({
  visible,
  onHide,
  initial,
  onSubmit,
  onUpload,
  onLibrary,
}: BaseProps & {
  initial: ImageData;
  onSubmit: (v: ImageData) => void;
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
    <Dialog
      {...DIALOG}
      header={dt.image}
      visible={visible}
      onHide={onHide}
      style={{ width: 520 }}
      footer={<Footer onCancel={onHide} onOk={submit} />}
    >
      <Field label={f.imageUrl} id={`${id}-url`}>
        <InputText
          id={`${id}-url`}
          value={value.url}
          invalid={!!error}
          onChange={(e) => (setValue({ ...value, url: e.target.value }), setError(''))}
        />
      </Field>
      {error && (
        <small className="p-error" role="alert">
          {error}
        </small>
      )}
      <div className="re-dialog__row">
        <label className="p-button p-button-outlined p-button-sm re-dialog__upload">
          <i className="pi pi-upload" aria-hidden="true" /> {d.imageUpload}
          <input
            type="file"
            accept="image/*"
            hidden
            aria-label={d.imageUpload}
            onChange={async (e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              const url = await onUpload(file);
              if (url) setValue((v) => ({ ...v, url }));
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
      <Field label={f.imageAlt} id={`${id}-alt`}>
        <InputText
          id={`${id}-alt`}
          value={value.alt ?? ''}
          onChange={(e) => setValue({ ...value, alt: e.target.value })}
        />
      </Field>
      <div className="re-dialog__row">
        <Field label={f.imageWidth} id={`${id}-w`}>
          <InputNumber
            inputId={`${id}-w`}
            value={value.width ?? null}
            min={1}
            max={4000}
            useGrouping={false}
            onValueChange={(e) => setValue({ ...value, width: e.value ?? undefined })}
          />
        </Field>
        <Field label={f.imageHeight} id={`${id}-h`}>
          <InputNumber
            inputId={`${id}-h`}
            value={value.height ?? null}
            min={1}
            max={4000}
            useGrouping={false}
            onValueChange={(e) => setValue({ ...value, height: e.value ?? undefined })}
          />
        </Field>
      </div>
      <fieldset className="re-dialog__floats">
        <legend>{d.imageFloat}</legend>
        {FLOATS.map((f) => (
          <label key={f.value}>
            <input
              type="radio"
              name={`${id}-float`}
              checked={value.float === f.value}
              onChange={() => setValue({ ...value, float: f.value })}
            />{' '}
            {f.label}
          </label>
        ))}
      </fieldset>
    </Dialog>
  );
}

export function VideoDialog({
  visible,
  onHide,
  onSubmit,
  accept,
}: BaseProps & {
  onSubmit: (v: { url: string; width: number; height: number }) => void;
  accept: (url: string) => boolean;
}) {
  const id = useId();
  const [url, setUrl] = useState('');
  const [width, setWidth] = useState<number>(EDITOR_LIMITS.video.width);
  const [height, setHeight] = useState<number>(EDITOR_LIMITS.video.height);
  const [error, setError] = useState('');
  const submit = () => {
    if (!url.trim()) return setError(d.videoRequired);
    if (!accept(url.trim())) return setError(editorErrors.videoNotAllowed);
    onSubmit({ url: url.trim(), width, height });
  };
  return (
    <Dialog
      {...DIALOG}
      header={dt.video}
      visible={visible}
      onHide={onHide}
      style={{ width: 480 }}
      footer={<Footer onCancel={onHide} onOk={submit} />}
    >
      <Field label={f.videoUrl} id={`${id}-url`}>
        <InputText
          id={`${id}-url`}
          value={url}
          autoFocus
          invalid={!!error}
          onChange={(e) => (setUrl(e.target.value), setError(''))}
        />
      </Field>
      {error && (
        <small className="p-error" role="alert">
          {error}
        </small>
      )}
      <div className="re-dialog__row">
        <Field label={f.videoWidth} id={`${id}-w`}>
          <InputNumber
            inputId={`${id}-w`}
            value={width}
            min={50}
            max={2000}
            useGrouping={false}
            onValueChange={(e) => setWidth(e.value ?? EDITOR_LIMITS.video.width)}
          />
        </Field>
        <Field label={f.videoHeight} id={`${id}-h`}>
          <InputNumber
            inputId={`${id}-h`}
            value={height}
            min={50}
            max={2000}
            useGrouping={false}
            onValueChange={(e) => setHeight(e.value ?? EDITOR_LIMITS.video.height)}
          />
        </Field>
      </div>
    </Dialog>
  );
}

// ---------------------------------------------------------------------------------------------

export function SearchReplaceDialog({
  visible,
  onHide,
  onFind,
  onReplace,
  onReplaceAll,
}: BaseProps & {
  onFind: (find: string, matchCase: boolean) => boolean;
  onReplace: (find: string, replacement: string, matchCase: boolean) => boolean;
  onReplaceAll: (find: string, replacement: string, matchCase: boolean) => number;
}) {
  const id = useId();
  const [find, setFind] = useState('');
  const [replacement, setReplacement] = useState('');
  const [matchCase, setMatchCase] = useState(false);
  const [message, setMessage] = useState('');
  return (
    <Dialog
      {...DIALOG}
      modal={false}
      header={dt.searchReplace}
      visible={visible}
      onHide={onHide}
      style={{ width: 440 }}
      footer={
        <div className="re-dialog__footer">
          <Button
            type="button"
            outlined
            label={f.findNext}
            onClick={() => setMessage(onFind(find, matchCase) ? '' : f.notFound)}
          />
          <Button
            type="button"
            outlined
            label={f.replace}
            onClick={() => setMessage(onReplace(find, replacement, matchCase) ? '' : f.notFound)}
          />
          <Button
            type="button"
            label={f.replaceAll}
            onClick={() => {
              const n = onReplaceAll(find, replacement, matchCase);
              setMessage(n ? f.replacedCount(n) : f.notFound);
            }}
          />
        </div>
      }
    >
      <Field label={f.searchFor} id={`${id}-find`}>
        <InputText
          id={`${id}-find`}
          value={find}
          autoFocus
          onChange={(e) => setFind(e.target.value)}
        />
      </Field>
      <Field label={f.replaceWith} id={`${id}-rep`}>
        <InputText
          id={`${id}-rep`}
          value={replacement}
          onChange={(e) => setReplacement(e.target.value)}
        />
      </Field>
      <div className="re-dialog__check">
        <Checkbox
          inputId={`${id}-case`}
          checked={matchCase}
          onChange={(e) => setMatchCase(!!e.checked)}
        />
        <label htmlFor={`${id}-case`}>{f.matchCase}</label>
      </div>
      <p className="re-dialog__message" role="status">
        {message}
      </p>
    </Dialog>
  );
}

function CharGrid({
  chars,
  onPick,
  label,
}: {
  chars: readonly string[];
  onPick: (c: string) => void;
  label: string;
}) {
  return (
    <div className="re-chargrid" role="group" aria-label={label}>
      {chars.map((c) => (
        <button
          key={c}
          type="button"
          className="re-chargrid__item"
          title={c}
          aria-label={c}
          onClick={() => onPick(c)}
        >
          {c}
        </button>
      ))}
    </div>
  );
}

/** A grid of characters to insert: 特殊字符 and 表情 are the same dialog with other characters. */
export function CharPickerDialog({
  visible,
  onHide,
  onPick,
  kind,
}: BaseProps & { onPick: (c: string) => void; kind: 'specialChars' | 'emoticon' }) {
  const title = kind === 'specialChars' ? dt.specialChars : dt.emoticon;
  return (
    <Dialog
      {...DIALOG}
      header={title}
      visible={visible}
      onHide={onHide}
      style={{ width: kind === 'specialChars' ? 560 : 520 }}
    >
      <CharGrid
        chars={kind === 'specialChars' ? SPECIAL_CHARS : EMOTICONS}
        onPick={onPick}
        label={title}
      />
    </Dialog>
  );
}

export function PreviewDialog({ visible, onHide, html }: BaseProps & { html: string }) {
  return (
    <Dialog
      {...DIALOG}
      header={dt.preview}
      visible={visible}
      onHide={onHide}
      style={{ width: 'min(960px, 96vw)' }}
    >
      <div className="re-preview">
        <RichText value={html} />
      </div>
    </Dialog>
  );
}

export function TemplateDialog({
  visible,
  onHide,
  onPick,
}: BaseProps & { onPick: (html: string, replace: boolean) => void }) {
  const id = useId();
  const [replace, setReplace] = useState(false);
  return (
    <Dialog
      {...DIALOG}
      header={dt.template}
      visible={visible}
      onHide={onHide}
      style={{ width: 520 }}
    >
      <ul className="re-templates">
        {d.templates.map((item) => (
          <li key={item.name}>
            <Button
              type="button"
              text
              label={item.name}
              onClick={() => onPick(item.html, replace)}
            />
          </li>
        ))}
      </ul>
      <div className="re-dialog__check">
        <Checkbox
          inputId={`${id}-rep`}
          checked={replace}
          onChange={(e) => setReplace(!!e.checked)}
        />
        <label htmlFor={`${id}-rep`}>{d.templateReplace}</label>
      </div>
    </Dialog>
  );
}

/** Table picker: a 10 × 10 grid that grows up to 20 × 20 as the pointer nears its edge, plus exact inputs. */
export function TableDialog({
  visible,
  onHide,
  onSubmit,
}: BaseProps & { onSubmit: (cols: number, rows: number) => void }) {
  const id = useId();
  const [hover, setHover] = useState<{ cols: number; rows: number }>({
    cols: EDITOR_LIMITS.tableDefault.cols,
    rows: EDITOR_LIMITS.tableDefault.rows,
  });
  const [size, setSize] = useState({ cols: 10, rows: 10 });
  const [cols, setCols] = useState<number>(EDITOR_LIMITS.tableDefault.cols);
  const [rows, setRows] = useState<number>(EDITOR_LIMITS.tableDefault.rows);
  const grow = (c: number, r: number) => {
    setHover({ cols: c, rows: r });
    setSize((s) => ({
      cols: Math.min(20, Math.max(s.cols, c + 1)),
      rows: Math.min(20, Math.max(s.rows, r + 1)),
    }));
  };
  return (
    <Dialog
      {...DIALOG}
      header={editorToolbar.insertTable}
      visible={visible}
      onHide={onHide}
      style={{ width: 560 }}
      footer={<Footer onCancel={onHide} onOk={() => onSubmit(cols, rows)} />}
    >
      <div
        className="re-tablepicker"
        style={{ gridTemplateColumns: `repeat(${size.cols}, 22px)` }}
        role="grid"
        aria-label={editorToolbar.insertTable}
      >
        {Array.from({ length: size.rows }, (_, r) =>
          Array.from({ length: size.cols }, (_, c) => (
            <button
              key={`${r}-${c}`}
              type="button"
              aria-label={f.tableSize(c + 1, r + 1)}
              className={c < hover.cols && r < hover.rows ? 'is-on' : undefined}
              onMouseEnter={() => grow(c + 1, r + 1)}
              onClick={() => onSubmit(c + 1, r + 1)}
            />
          )),
        )}
      </div>
      <p className="re-dialog__message">{f.tableSize(hover.cols, hover.rows)}</p>
      <div className="re-dialog__row">
        <Field label={f.tableCols} id={`${id}-c`}>
          <InputNumber
            inputId={`${id}-c`}
            value={cols}
            min={1}
            max={EDITOR_LIMITS.tableMax.cols}
            useGrouping={false}
            onValueChange={(e) => setCols(e.value ?? 1)}
          />
        </Field>
        <Field label={f.tableRows} id={`${id}-r`}>
          <InputNumber
            inputId={`${id}-r`}
            value={rows}
            min={1}
            max={EDITOR_LIMITS.tableMax.rows}
            useGrouping={false}
            onValueChange={(e) => setRows(e.value ?? 1)}
          />
        </Field>
      </div>
    </Dialog>
  );
}

export function ChartDialog({
  visible,
  onHide,
  onSubmit,
  error,
}: BaseProps & { error: string; onSubmit: (type: ChartType, title: string) => void }) {
  const id = useId();
  const [type, setType] = useState<ChartType>('bar');
  const [title, setTitle] = useState('');
  const types: { value: ChartType; label: string }[] = [
    { value: 'bar', label: f.chartBar },
    { value: 'line', label: f.chartLine },
    { value: 'pie', label: f.chartPie },
  ];
  return (
    <Dialog
      {...DIALOG}
      header={dt.chart}
      visible={visible}
      onHide={onHide}
      style={{ width: 440 }}
      footer={<Footer onCancel={onHide} onOk={() => onSubmit(type, title)} okDisabled={!!error} />}
    >
      {error ? (
        <p className="p-error" role="alert">
          {error}
        </p>
      ) : (
        <>
          <fieldset className="re-dialog__floats">
            <legend>{f.chartType}</legend>
            {types.map((t) => (
              <label key={t.value}>
                <input
                  type="radio"
                  name={`${id}-type`}
                  checked={type === t.value}
                  onChange={() => setType(t.value)}
                />{' '}
                {t.label}
              </label>
            ))}
          </fieldset>
          <Field label={f.chartTitle} id={`${id}-title`}>
            <InputText
              id={`${id}-title`}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
            />
          </Field>
        </>
      )}
    </Dialog>
  );
}
