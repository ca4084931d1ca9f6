/**
 * The assignment dialog of 菜单配置, 权限分配 and 分配部门: a checkbox tree loaded from the
 * server with the saved ids ticked (half-checked parents derived from the leaves), saved as a
 * flat id list.
 */
import { useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { Tree, type TreeExpandedKeysType } from 'primereact/tree';
import type { TreeNode } from 'primereact/treenode';
import { notify } from '@/lib/notify';
import { system as t } from '@/locale/system';
import {
  allKeys,
  idsFromSelection,
  leafKeys,
  selectionFromIds,
  type CheckSelection,
  type TreeId,
} from './tree-selection';

export interface CheckTreeData {
  nodes: TreeNode[];
  /** Saved ids (leaves decide; parents are derived). */
  ids: readonly TreeId[];
}

export interface CheckTreeDialogProps {
  header: string;
  visible: boolean;
  onHide: () => void;
  /** Cache key of the loaded tree and ids (one per record). */
  queryKey: QueryKey;
  load: () => Promise<CheckTreeData>;
  save: (ids: TreeId[]) => Promise<unknown>;
  /** Half-checked parents are saved too (menus keep their groups). */
  withHalfChecked: boolean;
  /** Shown above the tree. */
  hint?: ReactNode;
  /** Everything is given and nothing can change (the super-administrator role). */
  readOnly?: boolean;
  /** Keys of grouping nodes that are not ids (left out of the saved list). */
  isGroupKey?: (key: string) => boolean;
  nodeTemplate?: (node: TreeNode) => ReactNode;
  /** After a save (e.g. refresh look-ups that read the links). */
  onSaved?: () => void;
}

function CheckTreeBody({ data, props }: { data: CheckTreeData; props: CheckTreeDialogProps }) {
  const { withHalfChecked, readOnly, isGroupKey, onHide, save, onSaved, queryKey } = props;
  const client = useQueryClient();
  const [selection, setSelection] = useState<CheckSelection>(() =>
    selectionFromIds(data.nodes, data.ids),
  );
  const [expanded, setExpanded] = useState<TreeExpandedKeysType>(() => allKeys(data.nodes));
  const ids = idsFromSelection(data.nodes, selection, { withHalfChecked }).filter(
    (id) => !isGroupKey?.(String(id)),
  );
  const saving = useMutation({
    mutationFn: () => save(ids),
    onSuccess: async () => {
      notify.success(t.saveSuccess);
      await client.invalidateQueries({ queryKey });
      onSaved?.();
      onHide();
    },
  });
  return (
    <>
      <div className="check-tree__tools">
        <span className="check-tree__count">{t.checkedCount(ids.length)}</span>
        {!readOnly && (
          <>
            <Button
              type="button"
              text
              size="small"
              label={t.checkAll}
              onClick={() => setSelection(selectionFromIds(data.nodes, leafKeys(data.nodes)))}
            />
            <Button
              type="button"
              text
              size="small"
              label={t.checkNone}
              onClick={() => setSelection({})}
            />
          </>
        )}
        <Button
          type="button"
          text
          size="small"
          label={t.expandAll}
          onClick={() => setExpanded(allKeys(data.nodes))}
        />
        <Button
          type="button"
          text
          size="small"
          label={t.collapseAll}
          onClick={() => setExpanded({})}
        />
      </div>
      <Tree
        value={data.nodes}
        selectionMode={readOnly ? undefined : 'checkbox'}
        selectionKeys={selection}
        onSelectionChange={(e) => setSelection((e.value ?? {}) as CheckSelection)}
        expandedKeys={expanded}
        onToggle={(e) => setExpanded(e.value)}
        nodeTemplate={props.nodeTemplate}
        className="check-tree"
        emptyMessage={t.emptyTree}
      />
      <div className="crud-form__footer">
        <Button type="button" label={t.cancel} outlined onClick={onHide} />
        {!readOnly && (
          <Button
            type="button"
            label={t.save}
            loading={saving.isPending}
            disabled={saving.isPending}
            onClick={() => saving.mutate()}
          />
        )}
      </div>
    </>
  );
}

export function CheckTreeDialog(props: CheckTreeDialogProps) {
  const { header, visible, onHide, queryKey, load, hint } = props;
  // Stale at once: every opening reads the saved links afresh (another tab may have saved).
  const query = useQuery({ queryKey, queryFn: load, enabled: visible, staleTime: 0 });
  return (
    <Dialog
      header={header}
      visible={visible}
      onHide={onHide}
      style={{ width: 'min(640px, 95vw)' }}
      contentClassName="check-tree__content"
      modal
    >
      {visible && hint && <Message severity="info" className="check-tree__hint" content={hint} />}
      {visible && query.isError && <Message severity="error" text={t.loadFailed} />}
      {visible && !query.data && !query.isError && (
        <div className="check-tree__loading" aria-label={t.loading}>
          <ProgressSpinner style={{ width: '2rem', height: '2rem' }} />
        </div>
      )}
      {visible && query.data && !query.isFetching && (
        <CheckTreeBody data={query.data} props={props} />
      )}
    </Dialog>
  );
}
