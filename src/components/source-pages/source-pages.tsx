/**
 * The screens of an imported source's resources beyond the plain CrudPage: a list whose rows
 * open their nested collections (书评 on a book), and a nested collection's own screen, which
 * shows the records under the parent its address names (`/library/books-reviews?isbn=…`).
 */
import { useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  CrudPage,
  type ModuleDefinition,
  type ModuleRecord,
  type RowActionDefinition,
} from '@/components/crud';
import { underParent } from '@/lib/rest-source';
import { restSourceMessages as t } from '@/locale/rest-source';

export interface NestedCollection {
  title: string;
  route: string;
  /** The path parameter the parent's key fills (`isbn`). */
  param: string;
}

/** A resource's list with a row button per nested collection. */
export function SourceListPage<Row extends ModuleRecord>({
  module,
  nested,
}: {
  module: ModuleDefinition<Row>;
  nested: readonly NestedCollection[];
}) {
  const navigate = useNavigate();
  const rowActions = useMemo(
    (): RowActionDefinition<Row>[] =>
      nested.map((collection) => ({
        id: collection.route,
        label: collection.title,
        onClick: (row, list) =>
          void navigate(
            `${collection.route}?${new URLSearchParams({ [collection.param]: String(list.idOf(row)) }).toString()}`,
          ),
      })),
    [navigate, nested],
  );
  return <CrudPage module={module} rowActions={rowActions} />;
}

/** A nested collection under the parent record its address names. */
export function NestedSourcePage<Row extends ModuleRecord>({
  module,
  param,
  parentRoute,
  parentLabel,
}: {
  module: ModuleDefinition<Row>;
  param: string;
  parentRoute: string;
  /** The parent's key as its form names it (ISBN). */
  parentLabel: string;
}) {
  const [search] = useSearchParams();
  const key = search.get(param) ?? '';
  const under = useMemo(
    () => (key ? underParent(module, param, key) : undefined),
    [module, param, key],
  );
  if (!under)
    return (
      <p className="crud-lookup__hint">
        {t.openFromParent} <Link to={parentRoute}>{t.backToParent}</Link>
      </p>
    );
  return (
    <>
      <p className="crud-lookup__hint">{t.nestedUnder(parentLabel, key)}</p>
      <CrudPage key={key} module={under} />
    </>
  );
}
