import { useState } from 'react';
import { common } from '@/locale/common';
import { useFieldOptions } from '@/components/form/option-sources';
import { cellText, imageUrls } from './cell-format';
import { CellSwitch, CellTag } from './cell-widgets';
import type { ColumnDefinition, ModuleRecord } from './module-definition';
import { referencedKey } from '@/core/options-from';

interface CellProps {
  column: ColumnDefinition;
  row: ModuleRecord;
  /** Switch columns toggle through `disable` when given; read-only otherwise. */
  onToggle?: (on: boolean) => void;
}

/** A thumbnail that falls back to a dash when its address does not answer with an image. */
function CellImage({ url, alt }: { url: string; alt: string }) {
  const [broken, setBroken] = useState(false);
  if (broken) return <span>{common.dash}</span>;
  return (
    <img
      src={url}
      alt={alt}
      className="crud-cell__image"
      width={40}
      height={40}
      onError={() => setBroken(true)}
    />
  );
}

/** A cell whose labels come from a dictionary or an API option list (cached per source). */
function LookedUpCell({ column, value }: { column: ColumnDefinition; value: unknown }) {
  const { options } = useFieldOptions({
    cf_name: column.header,
    cf_fieldname: column.field,
    cf_control: 'select',
    ...column.optionSource,
  });
  const text = cellText(
    column.format,
    referencedKey(column.optionSource?.optionsFrom, value),
    options,
  );
  if (column.format === 'tag' && text !== common.dash) return <CellTag value={text} />;
  return <span>{text}</span>;
}

/** One list cell drawn per column format. */
export function CellView({ column, row, onToggle }: CellProps) {
  const value = row[column.field];
  if (column.optionSource && (column.format === 'text' || column.format === 'tag'))
    return <LookedUpCell column={column} value={value} />;
  switch (column.format) {
    case 'switch':
      return (
        <CellSwitch
          checked={Number(value) === 1}
          disabled={!onToggle}
          label={`${column.header}：${cellText('switch', value)}`}
          onChange={(on) => onToggle?.(on)}
        />
      );
    case 'status':
      return (
        <CellTag
          severity={Number(value) === 1 ? 'success' : 'danger'}
          value={cellText('status', value, column.options)}
        />
      );
    case 'tag':
      return value === null ||
        value === undefined ||
        value === '' ||
        (Array.isArray(value) && value.length === 0) ? (
        <span>{common.dash}</span>
      ) : (
        <CellTag value={cellText('tag', value, column.options)} />
      );
    case 'image': {
      const urls = imageUrls(value);
      if (urls.length === 0) return <span>{common.dash}</span>;
      return (
        <span className="crud-cell__images">
          {urls.map((url) => (
            <CellImage key={url} url={url} alt={column.header} />
          ))}
        </span>
      );
    }
    default:
      return <span>{cellText(column.format, value, column.options)}</span>;
  }
}
