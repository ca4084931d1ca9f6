/**
 * The library's search: the type filter (the management screen only) and the keyword, sent
 * with 搜索 or Enter (not on every key).
 */
import { useState } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Dropdown } from 'primereact/dropdown';
import { attachment as t } from '@/locale/attachment';
import { ATTACHMENT_TYPE } from './library-constants';

/** The type filter's 全部 entry (no type sent). */
const ALL_TYPES = 0;

export function LibrarySearch(props: {
  /** Shows the type filter. */
  typeFilter: boolean;
  /** The chosen type; null for every type. */
  type: number | null;
  onType: (type: number | null) => void;
  onSearch: (keyword: string) => void;
}) {
  const { onType, onSearch } = props;
  const [keyword, setKeyword] = useState('');
  const search = () => onSearch(keyword.trim());
  return (
    <div className="attachment-library__search">
      {props.typeFilter && (
        <Dropdown
          value={props.type ?? ALL_TYPES}
          options={[
            { label: t.typeAll, value: ALL_TYPES },
            { label: t.typeImage, value: ATTACHMENT_TYPE.image },
            { label: t.typeVideo, value: ATTACHMENT_TYPE.video },
            { label: t.typeOther, value: ATTACHMENT_TYPE.other },
          ]}
          onChange={(event) =>
            onType(
              typeof event.value === 'number' && event.value !== ALL_TYPES ? event.value : null,
            )
          }
          aria-label={t.typeFilter}
          placeholder={t.typeFilter}
          className="attachment-library__type"
        />
      )}
      <InputText
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') search();
        }}
        placeholder={t.keywordPlaceholder}
        aria-label={t.keywordPlaceholder}
      />
      <Button type="button" label={t.search} icon="pi pi-search" outlined onClick={search} />
    </div>
  );
}
