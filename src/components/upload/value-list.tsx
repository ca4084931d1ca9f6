import { Button } from 'primereact/button';
import type { AttachmentValue } from '@/core/attachment';
import { displayFileName } from '@/lib/format';
import { upload as t } from '@/locale/upload';
import { listLayout } from './limits';

interface ValueListProps {
  items: readonly AttachmentValue[];
  kind: 'image' | 'file';
  disabled?: boolean;
  onRemove: (index: number) => void;
  /** Extra buttons of one item (the cropper's 重新裁剪). */
  itemActions?: (item: AttachmentValue, index: number) => React.ReactNode;
}

/**
 * What a control holds: image thumbnails (one large; two or three side by side; more in a
 * grid — the spec's layout switch at 1 and 3 items) or a list of file names, each with 删除.
 * Names are shown without bidirectional controls (`displayFileName`), so an uploaded name
 * cannot disguise its extension.
 */
export function ValueList({ items, kind, disabled, onRemove, itemActions }: ValueListProps) {
  if (items.length === 0) return null;
  if (kind === 'image') {
    return (
      <ul
        className={`upload-values upload-values--images upload-values--${listLayout(items.length)}`}
        data-count={items.length}
      >
        {items.map((item, index) => (
          <li key={`${item.att_id}-${item.att_url}-${index}`} className="upload-values__image">
            <a
              href={item.att_url}
              target="_blank"
              rel="noreferrer"
              aria-label={t.open(displayFileName(item.att_title))}
            >
              <img
                src={item.att_preview ?? item.att_url}
                alt={displayFileName(item.att_title)}
                loading="lazy"
              />
            </a>
            <div className="upload-values__actions">
              {itemActions?.(item, index)}
              <Button
                type="button"
                icon="pi pi-trash"
                rounded
                severity="danger"
                size="small"
                aria-label={t.removeNamed(displayFileName(item.att_title))}
                tooltip={t.remove}
                disabled={disabled}
                onClick={() => onRemove(index)}
              />
            </div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="upload-values upload-values--files" data-count={items.length}>
      {items.map((item, index) => (
        <li key={`${item.att_id}-${item.att_url}-${index}`} className="upload-values__file">
          <i className="pi pi-file" aria-hidden="true" />
          <a href={item.att_url} target="_blank" rel="noreferrer">
            {displayFileName(item.att_title)}
          </a>
          {itemActions?.(item, index)}
          <Button
            type="button"
            icon="pi pi-times"
            text
            rounded
            severity="danger"
            size="small"
            aria-label={t.removeNamed(displayFileName(item.att_title))}
            disabled={disabled}
            onClick={() => onRemove(index)}
          />
        </li>
      ))}
    </ul>
  );
}
