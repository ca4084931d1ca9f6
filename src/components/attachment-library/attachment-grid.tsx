/**
 * The library's page of attachments: a card per file (a thumbnail for an image, an icon for any
 * other file, its name) that toggles it in the selection, and a preview button per card.
 */
import { Button } from 'primereact/button';
import type { Attachment } from '@generated/api/model/attachment';
import type { AttachmentValue } from '@/core/attachment';
import { displayFileName } from '@/lib/format';
import { attachment as t } from '@/locale/attachment';
import { fileIconOf, previewKindOf } from '@/components/file-preview/file-kind';
import { ATTACHMENT_TYPE } from './library-constants';
import { isSelected, toAttachmentValue } from './selection';

export function AttachmentGrid(props: {
  rows: readonly Attachment[];
  selected: readonly AttachmentValue[];
  /** The page is being fetched (the cards shown are the last page's meanwhile). */
  busy: boolean;
  /** The page could not be read: said in place of 暂无附件. */
  failed: boolean;
  onToggle: (row: Attachment) => void;
  onPreview: (value: AttachmentValue) => void;
}) {
  const { rows, selected, onToggle, onPreview } = props;
  return (
    <ul className="attachment-grid" aria-busy={props.busy}>
      {rows.map((row) => {
        const checked = isSelected(selected, row);
        const previewKind =
          row.type === ATTACHMENT_TYPE.image ? 'image' : previewKindOf(row.att_title, row.att_url);
        // Shown without bidirectional controls, so a name cannot disguise its extension.
        const title = displayFileName(row.att_title);
        return (
          <li key={row.att_id} className={`attachment-card${checked ? ' is-selected' : ''}`}>
            <button
              type="button"
              role="checkbox"
              aria-checked={checked}
              aria-label={title}
              title={title}
              className="attachment-card__pick"
              onClick={() => onToggle(row)}
            >
              <span className="attachment-card__thumb">
                {previewKind === 'image' ? (
                  <img src={row.att_url} alt="" loading="lazy" />
                ) : (
                  <i className={fileIconOf(previewKind, row.att_title)} aria-hidden />
                )}
              </span>
              <span className="attachment-card__title">{title}</span>
              {checked && <i className="pi pi-check attachment-card__check" aria-hidden />}
            </button>
            <Button
              type="button"
              icon="pi pi-eye"
              rounded
              text
              size="small"
              className="attachment-card__preview"
              aria-label={`${t.preview} ${title}`}
              tooltip={t.preview}
              onClick={() => onPreview(toAttachmentValue(row))}
            />
          </li>
        );
      })}
      {!rows.length && (
        <li className="attachment-grid__empty">{props.failed ? t.loadFailed : t.empty}</li>
      )}
    </ul>
  );
}
