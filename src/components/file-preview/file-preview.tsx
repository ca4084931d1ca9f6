/**
 * File preview (spec section 2): fullscreen, for images, PDF, Word (.docx) and Excel (.xlsx),
 * with 下载源文件 and the note that preview may fail. Other types say preview is not available
 * and offer the download. The previewer libraries load only when a preview of their kind opens.
 */
import { useEffect, useState } from 'react';
import { Dialog } from 'primereact/dialog';
import type { AttachmentValue } from '@/core/attachment';
import { displayFileName } from '@/lib/format';
import { attachment as t } from '@/locale/attachment';
import { previewKindOf, previewKindOfMime, type PreviewKind } from './file-kind';
import { readSheets, renderDocx, renderPdf, type SheetPreview } from './renderers';
import './file-preview.css';

type Status = 'loading' | 'ready' | 'failed' | 'unsupported';

interface PreviewState {
  status: Status;
  kind: PreviewKind;
  sheets?: SheetPreview[];
}

async function fetchFile(url: string): Promise<Blob> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(String(response.status));
  return response.blob();
}

function SheetTables({ sheets }: { sheets: readonly SheetPreview[] }) {
  return (
    <div className="file-preview__sheets">
      {sheets.map((sheet, index) => (
        <section key={`${index}-${sheet.name}`} className="file-preview__sheet">
          <h3>{sheet.name}</h3>
          {sheet.rows.length ? (
            <div className="file-preview__table-wrap">
              <table className="file-preview__table">
                <tbody>
                  {sheet.rows.map((row, r) => (
                    <tr key={r}>
                      <th scope="row">{r + 1}</th>
                      {row.map((cell, c) => (
                        <td key={c}>{cell}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="file-preview__message">{t.sheetEmpty}</p>
          )}
        </section>
      ))}
    </div>
  );
}

export default function FilePreview({
  file,
  onHide,
}: {
  file: AttachmentValue | null;
  onHide: () => void;
}) {
  // The outcome for one file; until it arrives the preview is loading (images and videos are
  // shown by the browser at once).
  const [result, setResult] = useState<(PreviewState & { file: AttachmentValue }) | null>(null);
  // A callback ref: the dialog mounts its content after opening, and rendering waits for it.
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  const named = file ? previewKindOf(file.att_title, file.att_url) : 'other';
  const direct = named === 'image' || named === 'video';

  useEffect(() => {
    if (!file || !host || direct) return undefined;
    let cancelled = false;
    host.replaceChildren();
    const settle = (next: PreviewState) => {
      if (!cancelled) setResult({ ...next, file });
    };
    void (async () => {
      try {
        const blob = await fetchFile(file.att_url);
        // An address without an extension: the answer's content type decides.
        const kind = named === 'other' ? previewKindOfMime(blob.type) : named;
        if (kind === 'image' || kind === 'video') return settle({ status: 'ready', kind });
        if (kind === 'other') return settle({ status: 'unsupported', kind });
        if (kind === 'xlsx')
          return settle({
            status: 'ready',
            kind,
            sheets: await readSheets(await blob.arrayBuffer()),
          });
        if (kind === 'pdf') await renderPdf(await blob.arrayBuffer(), host, () => cancelled);
        else await renderDocx(blob, host);
        return settle({ status: 'ready', kind });
      } catch (error) {
        console.warn(error);
        return settle({ status: 'failed', kind: named });
      }
    })();
    return () => {
      cancelled = true;
      host.replaceChildren();
    };
  }, [file, host, named, direct]);

  const state: PreviewState =
    result && result.file === file ? result : { status: direct ? 'ready' : 'loading', kind: named };
  // Shown (and saved) without bidirectional controls, so a name cannot disguise its extension.
  const title = file ? displayFileName(file.att_title) : '';
  const header = file ? t.previewTitle(title) : '';
  const { status, kind } = state;

  return (
    <Dialog
      header={header}
      visible={file !== null}
      onHide={onHide}
      maximized
      className="file-preview"
      contentClassName="file-preview__content"
      appendTo={typeof document === 'undefined' ? undefined : document.body}
    >
      {file && (
        <>
          <div className="file-preview__bar">
            <span className="file-preview__note">
              <i className="pi pi-info-circle" aria-hidden /> {t.previewNote}
            </span>
            <a
              className="p-button p-button-sm p-button-outlined file-preview__download"
              href={file.att_url}
              download={title}
              target="_blank"
              rel="noreferrer"
            >
              <i className="pi pi-download" aria-hidden />
              <span>{t.download}</span>
            </a>
          </div>
          <div className="file-preview__body" data-kind={kind} data-status={status}>
            {status === 'loading' && <p className="file-preview__message">{t.previewLoading}</p>}
            {status === 'failed' && (
              <p className="file-preview__message" role="alert">
                {t.previewFailed}
              </p>
            )}
            {status === 'unsupported' && (
              <p className="file-preview__message" role="status">
                {t.previewUnsupported}
              </p>
            )}
            {status === 'ready' && kind === 'image' && (
              <img
                className="file-preview__image"
                src={file.att_url}
                alt={title}
                onError={() => file && setResult({ status: 'failed', kind, file })}
              />
            )}
            {status === 'ready' && kind === 'video' && (
              // eslint-disable-next-line jsx-a11y/media-has-caption -- a preview of an uploaded file, which comes with no caption track
              <video className="file-preview__video" src={file.att_url} controls />
            )}
            {status === 'ready' && kind === 'xlsx' && state.sheets && (
              <SheetTables sheets={state.sheets} />
            )}
            <div
              ref={setHost}
              className={`file-preview__document file-preview__document--${kind}`}
              hidden={status === 'failed' || status === 'unsupported'}
            />
          </div>
        </>
      )}
    </Dialog>
  );
}
