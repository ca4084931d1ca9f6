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
import { underParent, type SourceActionRunner } from '@/lib/rest-source';
import { restSourceMessages as t } from '@/locale/rest-source';
import { useSourceActions } from './source-actions';

export interface NestedCollection {
  title: string;
  route: string;
  /** The path parameter the parent's key fills (`isbn`). */
  param: string;
}

const NO_ACTIONS: readonly SourceActionRunner[] = [];

/** A resource's list with a row button per nested collection and per action of the resource. */
export function SourceListPage<Row extends ModuleRecord>({
  module,
  nested,
  actions = NO_ACTIONS,
}: {
  module: ModuleDefinition<Row>;
  nested: readonly NestedCollection[];
  /** The buttons of the resource's other operations (source-actions.tsx). */
  actions?: readonly SourceActionRunner[];
}) {
  const navigate = useNavigate();
  const buttons = useSourceActions(module, actions);
  const nestedActions = useMemo(
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
  return (
    <>
      <CrudPage
        module={module}
        rowActions={(list) => [...nestedActions, ...buttons.rowActions(list)]}
        toolbarExtra={buttons.toolbar}
      />
      {buttons.dialogs}
    </>
  );
}

/** A nested collection under the parent record its address names. */
export function NestedSourcePage<Row extends ModuleRecord>({
  module,
  param,
  parentRoute,
  parentLabel,
  actions = NO_ACTIONS,
}: {
  module: ModuleDefinition<Row>;
  param: string;
  parentRoute: string;
  /** The parent's key as its form names it (ISBN). */
  parentLabel: string;
  actions?: readonly SourceActionRunner[];
}) {
  const [search] = useSearchParams();
  const key = search.get(param) ?? '';
  const under = useMemo(
    () => (key ? underParent(module, param, key) : undefined),
    [module, param, key],
  );
  const parentKey = useMemo(() => ({ [param]: key }), [param, key]);
  const buttons = useSourceActions(under ?? module, actions, parentKey);
  if (!under)
    return (
      <p className="crud-lookup__hint">
        {t.openFromParent} <Link to={parentRoute}>{t.backToParent}</Link>
      </p>
    );
  return (
    <>
      <p className="crud-lookup__hint">{t.nestedUnder(parentLabel, key)}</p>
      <CrudPage
        key={key}
        module={under}
        rowActions={buttons.rowActions}
        toolbarExtra={buttons.toolbar}
      />
      {buttons.dialogs}
    </>
  );
}
