/**
 * The library's category tree (spec section 4): root 0 一级分类 and two levels under it, every
 * level open at first; each node offers add-child, edit and delete as the user's rights allow.
 */
import { useMemo, useState } from 'react';
import { Tree, type TreeExpandedKeysType } from 'primereact/tree';
import type { TreeNode } from 'primereact/treenode';
import { Button } from 'primereact/button';
import type { AttachmentCate } from '@generated/api/model/attachmentCate';
import { attachment as t } from '@/locale/attachment';
import { canAddChild, findCategory, ROOT_CATEGORY_ID } from './category-rules';
import type { CategoryDraft } from './category-dialog';

/** What the user may do to categories (each call has its own permission key). */
export interface CategoryRights {
  add: boolean;
  edit: boolean;
  delete: boolean;
}

function categoryNodes(categories: readonly AttachmentCate[]): TreeNode[] {
  return categories.map((category) => ({
    key: String(category.ac_id),
    label: category.ac_title,
    data: category,
    children: categoryNodes(category.children ?? []),
  }));
}

function allKeys(nodes: readonly TreeNode[]): TreeExpandedKeysType {
  const keys: TreeExpandedKeysType = {};
  for (const node of nodes) {
    if (node.key !== undefined) keys[String(node.key)] = true;
    Object.assign(keys, allKeys(node.children ?? []));
  }
  return keys;
}

/** A small icon button of a tree node (it does not select the node it sits on). */
function NodeButton(props: {
  icon: string;
  label: string;
  tooltip: string;
  danger?: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      type="button"
      icon={props.icon}
      text
      rounded
      size="small"
      severity={props.danger ? 'danger' : undefined}
      aria-label={props.label}
      tooltip={props.tooltip}
      onClick={(event) => {
        event.stopPropagation();
        props.onClick();
      }}
    />
  );
}

export function CategoryTree(props: {
  categories: readonly AttachmentCate[];
  /** The chosen category (one no longer in the tree shows the root as chosen). */
  cateId: number;
  rights: CategoryRights;
  onChoose: (id: number) => void;
  /** Opens the category dialog on a new or an existing category. */
  onDraft: (draft: CategoryDraft) => void;
  onDelete: (category: AttachmentCate) => void;
}) {
  const { categories, cateId, rights, onChoose, onDraft, onDelete } = props;
  const nodes = useMemo<TreeNode[]>(
    () => [
      { key: String(ROOT_CATEGORY_ID), label: t.rootCategory, children: categoryNodes(categories) },
    ],
    [categories],
  );
  const [expanded, setExpanded] = useState<TreeExpandedKeysType | null>(null);

  const nodeTemplate = (node: TreeNode) => {
    const id = Number(node.key);
    // PrimeReact types a node's data as `any`; this tree's nodes are built from AttachmentCate rows.
    const category = node.data as AttachmentCate | undefined;
    return (
      <span className="attachment-tree__node">
        <span className="attachment-tree__label">{node.label}</span>
        <span className="attachment-tree__actions">
          {rights.add && canAddChild(id, categories) && (
            <NodeButton
              icon="pi pi-plus"
              label={`${t.addChildCategory} ${node.label}`}
              tooltip={t.addChildCategory}
              onClick={() => onDraft({ ac_id: 0, ac_parent: id, ac_title: '' })}
            />
          )}
          {category && rights.edit && (
            <NodeButton
              icon="pi pi-pencil"
              label={`${t.editCategory} ${category.ac_title}`}
              tooltip={t.editCategory}
              onClick={() =>
                onDraft({
                  ac_id: category.ac_id,
                  ac_parent: category.ac_parent,
                  ac_title: category.ac_title,
                })
              }
            />
          )}
          {category && rights.delete && (
            <NodeButton
              icon="pi pi-trash"
              danger
              label={`${t.deleteCategory} ${category.ac_title}`}
              tooltip={t.deleteCategory}
              onClick={() => onDelete(category)}
            />
          )}
        </span>
      </span>
    );
  };

  const selectedCategory = findCategory(categories, cateId);
  return (
    <aside className="attachment-library__side" aria-label={t.categories}>
      <div className="attachment-library__side-head">
        <span>{t.categories}</span>
        {rights.add && (
          <Button
            type="button"
            label={t.addCategory}
            icon="pi pi-plus"
            size="small"
            text
            onClick={() => onDraft({ ac_id: 0, ac_parent: null, ac_title: '' })}
          />
        )}
      </div>
      <Tree
        value={nodes}
        selectionMode="single"
        selectionKeys={String(selectedCategory ? cateId : ROOT_CATEGORY_ID)}
        onSelectionChange={(event) => {
          if (typeof event.value === 'string') onChoose(Number(event.value));
        }}
        expandedKeys={expanded ?? allKeys(nodes)}
        onToggle={(event) => setExpanded(event.value)}
        nodeTemplate={nodeTemplate}
        className="attachment-tree"
      />
    </aside>
  );
}
