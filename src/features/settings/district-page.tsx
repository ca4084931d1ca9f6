/**
 * 城市管理: province → city → district as a tree whose children load when a node is opened
 * (list {pid}), a search over name and code (list {keyword}) shown flat, and per node: add a
 * child, edit, view and the status switch. Every change refreshes the loaded levels.
 */
import { useMemo, useState } from 'react';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { TreeTable, type TreeTableExpandedKeysType } from 'primereact/treetable';
import { Column } from 'primereact/column';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import type { TreeNode } from 'primereact/treenode';
import { CellView } from '@/components/crud/cell-view';
import {
  CrudForm,
  CrudInfo,
  crudKeys,
  type ModuleDefinition,
  type ModuleRecord,
  type RecordId,
} from '@/components/crud';
import {
  districtDisable,
  districtList,
  getDistrictListQueryKey,
} from '@generated/api/district/district';
import type { District, DistrictListParams } from '@generated/api/api.schemas';
import { districtModule } from '@generated/modules/district';
import { crud as tc } from '@/locale/crud';
import { settings as ts } from '@/locale/settings';
import './settings.css';

const t = ts.district;
/** Districts (level 3) have no children. */
const LAST_LEVEL = 3;
const LEVEL_SIZE = 500;

type Dialog =
  | { kind: 'none' }
  | { kind: 'add'; parent: number }
  | { kind: 'edit'; id: RecordId }
  | { kind: 'view'; id: RecordId };

function childrenQuery(params: DistrictListParams) {
  return {
    queryKey: getDistrictListQueryKey(params),
    queryFn: ({ signal }: { signal: AbortSignal }) => districtList(params, undefined, signal),
  };
}

function withParent(module: ModuleDefinition, parent: number): ModuleDefinition {
  return {
    ...module,
    fields: module.fields.map((field) =>
      field.cf_fieldname === 'pid' ? { ...field, cf_default: parent } : field,
    ),
  };
}

const columnOf = (field: string) => districtModule.columns.find((c) => c.field === field)!;

export default function DistrictPage() {
  const client = useQueryClient();
  const [expanded, setExpanded] = useState<TreeTableExpandedKeysType>({});
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const module = districtModule as unknown as ModuleDefinition;

  // Level 0 and every opened node's children; a node's query runs only once it is opened.
  const parents = useMemo(
    () => [
      0,
      ...Object.keys(expanded)
        .filter((key) => expanded[key])
        .map(Number),
    ],
    [expanded],
  );
  const levels = useQueries({
    queries: keyword
      ? [childrenQuery({ keyword, pageindex: 1, pagesize: LEVEL_SIZE })]
      : parents.map((pid) => childrenQuery({ pid, pageindex: 1, pagesize: LEVEL_SIZE })),
  });
  const loading = levels.some((level) => level.isFetching);

  const nodes = useMemo(() => {
    const byParent = new Map<number, District[]>();
    if (!keyword)
      parents.forEach((pid, index) => {
        const rows = levels[index]?.data?.data?.data;
        if (rows)
          byParent.set(
            pid,
            [...rows].sort((a, b) => Number(a.sort) - Number(b.sort)),
          );
      });
    const build = (row: District): TreeNode => {
      const leaf = Boolean(keyword) || Number(row.level) >= LAST_LEVEL;
      const children = byParent.get(Number(row.id));
      return {
        key: String(row.id),
        data: row,
        leaf,
        children: leaf ? undefined : (children?.map(build) ?? []),
      };
    };
    const top = keyword ? (levels[0]?.data?.data?.data ?? []) : (byParent.get(0) ?? []);
    return top.map(build);
  }, [keyword, levels, parents]);

  const refresh = () => client.invalidateQueries({ queryKey: crudKeys(module).lists()[0] });
  const toggle = useMutation({
    mutationFn: ({ id, on }: { id: number; on: boolean }) =>
      districtDisable({ id, status: on ? 1 : 2 }),
    onSuccess: refresh,
  });

  const actions = (node: TreeNode) => {
    const row = node.data as District;
    return (
      <span className="crud-actions">
        {Number(row.level) < LAST_LEVEL && (
          <Button
            type="button"
            link
            size="small"
            label={t.addChild}
            onClick={() => setDialog({ kind: 'add', parent: Number(row.id) })}
          />
        )}
        <Button
          type="button"
          link
          size="small"
          label={tc.view}
          onClick={() => setDialog({ kind: 'view', id: Number(row.id) })}
        />
        <Button
          type="button"
          link
          size="small"
          label={tc.edit}
          onClick={() => setDialog({ kind: 'edit', id: Number(row.id) })}
        />
      </span>
    );
  };
  const cell = (field: string) => (node: TreeNode) => (
    <CellView
      column={columnOf(field)}
      row={node.data as ModuleRecord}
      onToggle={
        field === 'status'
          ? (on) => toggle.mutate({ id: Number((node.data as District).id), on })
          : undefined
      }
    />
  );
  const close = () => {
    setDialog({ kind: 'none' });
    void refresh();
  };

  return (
    <section className="crud-page district" aria-label={districtModule.title}>
      <div className="settings-toolbar">
        <Button
          type="button"
          icon="pi pi-plus"
          label={tc.add}
          onClick={() => setDialog({ kind: 'add', parent: 0 })}
        />
        <form
          className="district__search"
          onSubmit={(event) => {
            event.preventDefault();
            setKeyword(draft.trim());
          }}
        >
          <InputText
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder={t.search}
            aria-label={t.search}
          />
          <Button type="submit" icon="pi pi-search" label={tc.search} />
          <Button
            type="button"
            icon="pi pi-refresh"
            label={tc.reset}
            outlined
            onClick={() => {
              setDraft('');
              setKeyword('');
            }}
          />
        </form>
      </div>
      <TreeTable
        value={nodes}
        lazy
        loading={loading}
        expandedKeys={expanded}
        onToggle={(event) => setExpanded(event.value)}
        emptyMessage={tc.emptyList}
        aria-label={t.tree}
      >
        <Column field="name" header={columnOf('name').header} expander />
        <Column field="code" header={columnOf('code').header} />
        <Column header={columnOf('level').header} body={cell('level')} />
        <Column field="initial" header={columnOf('initial').header} />
        <Column field="sort" header={columnOf('sort').header} />
        <Column header={columnOf('status').header} body={cell('status')} />
        <Column header={tc.actions} body={actions} />
      </TreeTable>
      <CrudForm
        module={dialog.kind === 'add' ? withParent(module, dialog.parent) : module}
        mode={dialog.kind === 'edit' ? 'edit' : 'add'}
        id={dialog.kind === 'edit' ? dialog.id : undefined}
        visible={dialog.kind === 'add' || dialog.kind === 'edit'}
        onHide={close}
      />
      <CrudInfo
        module={module}
        id={dialog.kind === 'view' ? dialog.id : undefined}
        visible={dialog.kind === 'view'}
        onHide={() => setDialog({ kind: 'none' })}
      />
    </section>
  );
}
