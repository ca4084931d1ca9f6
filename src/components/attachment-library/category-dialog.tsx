/**
 * Add/edit attachment category (spec sections 2, 4, 5): 800 px; add mode when ac_id is 0 (title
 * 添加分类), edit mode otherwise. Parent (a tree under the root 0 一级分类) and name are required.
 * A child under a child is refused by the server; its message stays under the parent field.
 */
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import * as yup from 'yup';
import { Dialog } from 'primereact/dialog';
import { TreeSelect } from 'primereact/treeselect';
import type { TreeNode } from 'primereact/treenode';
import { Button } from 'primereact/button';
import type { AttachmentCate } from '@generated/api/model/attachmentCate';
import {
  useAttachmentcateAdd,
  useAttachmentcateEdit,
} from '@generated/api/attachmentcate/attachmentcate';
import { isApiError } from '@/lib/request';
import { notify } from '@/lib/notify';
import { attachment as t } from '@/locale/attachment';
import { categoryPath, findCategory, ROOT_CATEGORY_ID } from './category-rules';
import { FieldMessage, FormRow, TextRow } from './form-row';

/** The contract's maxLength of ac_title (openapi/paths/attachmentcate.yaml). */
const CATEGORY_TITLE_MAX = 50;

/** What the dialog edits: ac_id 0 adds a category under `ac_parent` (null: not chosen yet). */
export interface CategoryDraft {
  ac_id: number;
  ac_parent: number | null;
  ac_title: string;
}

interface CategoryForm {
  parent: string;
  title: string;
}

const schema: yup.ObjectSchema<CategoryForm> = yup.object({
  parent: yup.string().defined().required(t.categoryParentRequired),
  title: yup.string().defined().trim().required(t.categoryNameRequired),
});

function nodeKeys(nodes: readonly TreeNode[]): Record<string, boolean> {
  return Object.fromEntries(
    nodes.flatMap((node) => [
      [String(node.key), true],
      ...Object.entries(nodeKeys(node.children ?? [])),
    ]),
  );
}

/**
 * The parents a category may take: the first-level ones (two levels only, so a second-level
 * category is never offered), never itself — and none at all for one that has children of its
 * own, which would then sit on a third level.
 */
function parentNodes(categories: readonly AttachmentCate[], selfId: number): TreeNode[] {
  const self = selfId ? findCategory(categories, selfId) : undefined;
  if (self?.children?.length) return [];
  return categories
    .filter((category) => category.ac_id !== selfId)
    .map((category) => ({ key: String(category.ac_id), label: category.ac_title }));
}

export interface CategoryDialogProps {
  /** null: closed. */
  draft: CategoryDraft | null;
  categories: readonly AttachmentCate[];
  onHide: () => void;
  onSaved: () => void;
}

export function CategoryDialog({ draft, categories, onHide, onSaved }: CategoryDialogProps) {
  const isAdd = (draft?.ac_id ?? 0) === 0;
  const { control, handleSubmit, reset, setError, formState } = useForm<CategoryForm>({
    resolver: yupResolver(schema),
    defaultValues: { parent: '', title: '' },
  });

  useEffect(() => {
    if (draft)
      reset({
        parent: draft.ac_parent === null ? '' : String(draft.ac_parent),
        title: draft.ac_title,
      });
  }, [draft, reset]);

  const options = useMemo<TreeNode[]>(
    () => [
      {
        key: String(ROOT_CATEGORY_ID),
        label: t.rootCategory,
        children: parentNodes(categories, draft?.ac_id ?? 0),
      },
    ],
    [categories, draft?.ac_id],
  );

  // Two levels only: the whole tree fits, so it opens expanded.
  const [expanded, setExpanded] = useState<Record<string, boolean> | null>(null);

  const refused = (error: unknown) => {
    // The client already showed the server's message as a toast; keep it by the field too.
    if (isApiError(error) && error.message) setError('parent', { message: error.message });
  };
  const add = useAttachmentcateAdd({ mutation: { onError: refused } });
  const edit = useAttachmentcateEdit({ mutation: { onError: refused } });

  const submit = handleSubmit(async (values) => {
    const parent = Number(values.parent);
    const data = {
      ac_id: draft?.ac_id ?? 0,
      ac_parent: parent,
      ac_path: categoryPath(parent),
      ac_title: values.title.trim(),
    };
    try {
      if (isAdd) await add.mutateAsync({ data });
      else await edit.mutateAsync({ data });
    } catch {
      return;
    }
    notify.success(t.categorySaved);
    onSaved();
  });

  return (
    <Dialog
      header={isAdd ? t.categoryAddTitle : t.categoryEditTitle}
      visible={draft !== null}
      onHide={onHide}
      style={{ width: 800 }}
      breakpoints={{ '860px': '94vw' }}
      className="attachment-form-dialog"
    >
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        className="attachment-form"
        aria-label={isAdd ? t.categoryAddTitle : t.categoryEditTitle}
      >
        <FormRow id="category-parent" label={t.categoryParent} required>
          <Controller
            name="parent"
            control={control}
            render={({ field }) => (
              <TreeSelect
                inputId="category-parent"
                value={field.value || null}
                options={options}
                onChange={(event) =>
                  field.onChange(typeof event.value === 'string' ? event.value : '')
                }
                placeholder={t.choose}
                invalid={Boolean(formState.errors.parent)}
                className="w-full"
                panelClassName="attachment-form__tree-panel"
                expandedKeys={expanded ?? nodeKeys(options)}
                onToggle={(event) => setExpanded(event.value)}
                filter
              />
            )}
          />
          <FieldMessage message={formState.errors.parent?.message} />
        </FormRow>
        <TextRow
          control={control}
          name="title"
          id="category-title"
          label={t.categoryName}
          required
          placeholder={t.categoryNamePlaceholder}
          maxLength={CATEGORY_TITLE_MAX}
          error={formState.errors.title?.message}
        />
        <div className="attachment-form__actions">
          <Button type="button" label={t.cancel} severity="secondary" outlined onClick={onHide} />
          <Button type="submit" label={t.submit} loading={add.isPending || edit.isPending} />
        </div>
      </form>
    </Dialog>
  );
}
