/**
 * The keyword box with 搜索 and 重置, as the list's and the tree's search forms end: one group
 * that wraps as a whole, so 重置 never sits alone on a line. The form around it submits 搜索.
 */
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import { crud as t } from '@/locale/crud';

export interface KeywordSearchProps {
  keyword: string;
  onKeywordChange: (keyword: string) => void;
  onReset: () => void;
  /** What the search looks in (e.g. 搜索城市名称或区划代码); 请输入关键字 by default. */
  placeholder?: string;
}

export function KeywordSearch({
  keyword,
  onKeywordChange,
  onReset,
  placeholder = t.keywordPlaceholder,
}: KeywordSearchProps) {
  return (
    <span className="crud-list__search-actions">
      <InputText
        value={keyword}
        placeholder={placeholder}
        aria-label={placeholder}
        onChange={(e) => onKeywordChange(e.target.value)}
      />
      <Button type="submit" icon="pi pi-search" label={t.search} />
      <Button type="button" icon="pi pi-refresh" label={t.reset} outlined onClick={onReset} />
    </span>
  );
}
