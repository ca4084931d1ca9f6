/**
 * The attachment library (spec sections 2, 4, 7): a two-level category tree on the left (root
 * 0 一级分类) and a paged file grid on the right (18 per page; 10/18/20/25/30) with keyword
 * search, thumbnails for images, an icon and name for other files, a preview per item, upload
 * and network attachments. Clicking an item toggles it in the selection; delete (and, in the
 * dialog, use-selected) work on the selection. Shared by the library dialog and the
 * /system/attachment screen.
 */
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { DialogCodeSlot, lazyDefault } from '@/lib/lazy';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { Tree, type TreeExpandedKeysType } from 'primereact/tree';
import type { TreeNode } from 'primereact/treenode';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Dropdown } from 'primereact/dropdown';
import { Paginator } from 'primereact/paginator';
import { confirmDialog } from 'primereact/confirmdialog';
import type { Attachment } from '@generated/api/model/attachment';
import type { AttachmentCate } from '@generated/api/model/attachmentCate';
import {
  getAttachmentListQueryKey,
  useAttachmentDelete,
  useAttachmentList,
} from '@generated/api/attachment/attachment';
import {
  getAttachmentcateListQueryKey,
  useAttachmentcateDelete,
  useAttachmentcateList,
} from '@generated/api/attachmentcate/attachmentcate';
import { attachmentModule } from '@generated/modules/attachment';
import { canDo, usePermissionRefresh } from '@/components/crud/permission-keys';
import { canCall } from '@/lib/permissions';
import type { AttachmentValue } from '@/core/attachment';
import { uploadFile, type UploadKind } from '@/lib/request';
import { displayFileName } from '@/lib/format';
import { notify } from '@/lib/notify';
import { getAcId, setAcId } from '@/lib/session';
import { attachment as t } from '@/locale/attachment';
import { fileIconOf, previewKindOf } from '@/components/file-preview/file-kind';
import { canAddChild, findCategory, ROOT_CATEGORY_ID } from './category-rules';
import { CategoryDialog, type CategoryDraft } from './category-dialog';
import { NetworkDialog } from './network-dialog';
import {
  canActOnSelection,
  isSelected,
  toAttachmentValue,
  toggleSelection,
  type LibraryKind,
} from './selection';
import './attachment-library.css';
import * as toolCalls from '@generated/calls/tool';
import * as attachmentcateCalls from '@generated/calls/attachmentcate';

const FilePreview = lazyDefault(() => import('@/components/file-preview/file-preview'));

/** Spec section 9: attachment page size 18, options 10, 18, 20, 25, 30. */
export const LIBRARY_PAGE_SIZE = 18;
export const LIBRARY_PAGE_SIZES = [10, 18, 20, 25, 30];

/** Attachment types (spec section 3): 2 image, 3 video, anything else a file. */
export const ATTACHMENT_TYPE = { image: 2, video: 3, other: 1 } as const;

/** The type filter's 全部 entry (no type sent). */
const ALL_TYPES = 0;

export interface AttachmentLibraryProps {
  /** 'image' lists images only and says 张图片 at the limit; 'file' lists every attachment. */
  kind?: LibraryKind;
  /** How many items may be selected. */
  limit?: number;
  /** Shows the type filter (the management screen). */
  typeFilter?: boolean;
  /** Buttons after delete in the footer (the dialog's use-selected); gets the selection. */
  footer?: (selected: AttachmentValue[], clear: () => void) => ReactNode;
  /** Extra toolbar buttons (large-file uploads); gets the selected category and a refresh. */
  toolbarExtra?: (cateId: number, refresh: () => void) => ReactNode;
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

function uploadKindOf(file: File, kind: LibraryKind | undefined): UploadKind {
  if (kind) return kind;
  if (file.type.startsWith('image/')) return 'image';
  if (file.type.startsWith('video/')) return 'media';
  return 'file';
}

export function AttachmentLibrary({
  kind,
  limit = Number.POSITIVE_INFINITY,
  typeFilter = false,
  footer,
  toolbarExtra,
}: AttachmentLibraryProps) {
  const queryClient = useQueryClient();
  // Adding by address and deleting are the attachment module's calls: shown only when permitted
  // (the server would answer 220 otherwise).
  usePermissionRefresh();
  const canAdd = canDo(attachmentModule, 'add');
  const canDelete = canDo(attachmentModule, 'delete');
  // Uploads and the category calls carry their own keys in the contract.
  const canUpload = canCall(toolCalls.toolUploadimg);
  const canAddCategory = canCall(attachmentcateCalls.attachmentcateAdd);
  const canEditCategory = canCall(attachmentcateCalls.attachmentcateEdit);
  const canDeleteCategory = canCall(attachmentcateCalls.attachmentcateDelete);
  const [cateId, setCateId] = useState(() => getAcId());
  const [keywordInput, setKeywordInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [type, setType] = useState<number | null>(kind === 'image' ? ATTACHMENT_TYPE.image : null);
  const [page, setPage] = useState({ index: 1, size: LIBRARY_PAGE_SIZE });
  const [selected, setSelected] = useState<AttachmentValue[]>([]);
  const [categoryDraft, setCategoryDraft] = useState<CategoryDraft | null>(null);
  const [networkOpen, setNetworkOpen] = useState(false);
  const [previewing, setPreviewing] = useState<AttachmentValue | null>(null);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const categoriesQuery = useAttachmentcateList();
  const categories = useMemo(() => categoriesQuery.data?.data ?? [], [categoriesQuery.data]);
  const params = {
    cate_id: cateId,
    keyword: keyword || undefined,
    type: type ?? undefined,
    pageindex: page.index,
    pagesize: page.size,
  };
  const list = useAttachmentList(params, {
    query: { queryKey: getAttachmentListQueryKey(params), placeholderData: keepPreviousData },
  });
  const rows: Attachment[] = list.data?.data?.data ?? [];
  const total = list.data?.data?.allcount ?? 0;

  const refreshFiles = () =>
    void queryClient.invalidateQueries({ queryKey: getAttachmentListQueryKey() });
  const refreshCategories = () =>
    void queryClient.invalidateQueries({ queryKey: getAttachmentcateListQueryKey() });

  const nodes = useMemo<TreeNode[]>(
    () => [
      { key: String(ROOT_CATEGORY_ID), label: t.rootCategory, children: categoryNodes(categories) },
    ],
    [categories],
  );
  const [expanded, setExpanded] = useState<TreeExpandedKeysType | null>(null);

  const chooseCategory = (id: number) => {
    setCateId(id);
    setAcId(id);
    setPage((current) => ({ ...current, index: 1 }));
  };

  const toggle = (row: Attachment) => {
    const result = toggleSelection(selected, toAttachmentValue(row), limit, kind ?? 'file');
    if (!result.ok) notify.warn(result.message);
    setSelected(result.selected);
  };

  const removeFiles = useAttachmentDelete();
  const removeCategory = useAttachmentcateDelete();

  const askDeleteFiles = () => {
    const ids = selected.map((item) => item.att_id);
    confirmDialog({
      header: t.confirmTitle,
      message: t.confirmDeleteFile,
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t.confirmAccept,
      rejectLabel: t.confirmReject,
      defaultFocus: 'reject',
      accept: () => {
        removeFiles.mutate(
          { data: ids },
          {
            onSuccess: () => {
              notify.success(t.deleteSuccess);
              setSelected((current) => current.filter((item) => !ids.includes(item.att_id)));
              refreshFiles();
            },
          },
        );
      },
      onHide: (result) => {
        if (result !== 'accept') notify.info(t.deleteCancelled);
      },
    });
  };

  const askDeleteCategory = (category: AttachmentCate) => {
    confirmDialog({
      header: t.confirmTitle,
      message: t.confirmDeleteCategory,
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t.confirmAccept,
      rejectLabel: t.confirmReject,
      defaultFocus: 'reject',
      accept: () => {
        removeCategory.mutate(
          { data: { id: category.ac_id } },
          {
            onSuccess: () => {
              notify.success(t.deleteSuccess);
              if (cateId === category.ac_id) chooseCategory(ROOT_CATEGORY_ID);
              refreshCategories();
              refreshFiles();
            },
          },
        );
      },
      onHide: (result) => {
        if (result !== 'accept') notify.info(t.deleteCancelled);
      },
    });
  };

  const upload = async (files: FileList | null) => {
    const chosen = Array.from(files ?? []);
    if (!chosen.length) return;
    setUploading(true);
    let uploaded = 0;
    for (const file of chosen) {
      const result = await uploadFile(file, {
        kind: uploadKindOf(file, kind),
        type: kind === 'image' ? ATTACHMENT_TYPE.image : undefined,
        attachmentCateId: cateId,
      });
      if (result.ok) uploaded += 1;
    }
    setUploading(false);
    if (fileInput.current) fileInput.current.value = '';
    if (uploaded) {
      notify.success(t.uploadSuccess);
      refreshFiles();
    }
  };

  const search = () => {
    setKeyword(keywordInput.trim());
    setPage((current) => ({ ...current, index: 1 }));
  };

  const nodeTemplate = (node: TreeNode) => {
    const id = Number(node.key);
    // PrimeReact types a node's data as `any`; this tree's nodes are built from AttachmentCate rows.
    const category = node.data as AttachmentCate | undefined;
    return (
      <span className="attachment-tree__node">
        <span className="attachment-tree__label">{node.label}</span>
        <span className="attachment-tree__actions">
          {canAddCategory && canAddChild(id, categories) && (
            <Button
              type="button"
              icon="pi pi-plus"
              text
              rounded
              size="small"
              aria-label={`${t.addChildCategory} ${node.label}`}
              tooltip={t.addChildCategory}
              onClick={(event) => {
                event.stopPropagation();
                setCategoryDraft({ ac_id: 0, ac_parent: id, ac_title: '' });
              }}
            />
          )}
          {category && (
            <>
              {canEditCategory && (
                <Button
                  type="button"
                  icon="pi pi-pencil"
                  text
                  rounded
                  size="small"
                  aria-label={`${t.editCategory} ${category.ac_title}`}
                  tooltip={t.editCategory}
                  onClick={(event) => {
                    event.stopPropagation();
                    setCategoryDraft({
                      ac_id: category.ac_id,
                      ac_parent: category.ac_parent,
                      ac_title: category.ac_title,
                    });
                  }}
                />
              )}
              {canDeleteCategory && (
                <Button
                  type="button"
                  icon="pi pi-trash"
                  text
                  rounded
                  size="small"
                  severity="danger"
                  aria-label={`${t.deleteCategory} ${category.ac_title}`}
                  tooltip={t.deleteCategory}
                  onClick={(event) => {
                    event.stopPropagation();
                    askDeleteCategory(category);
                  }}
                />
              )}
            </>
          )}
        </span>
      </span>
    );
  };

  const selectedCategory = findCategory(categories, cateId);
  const hasSelection = canActOnSelection(selected);

  return (
    <div className="attachment-library">
      <aside className="attachment-library__side" aria-label={t.categories}>
        <div className="attachment-library__side-head">
          <span>{t.categories}</span>
          {canAddCategory && (
            <Button
              type="button"
              label={t.addCategory}
              icon="pi pi-plus"
              size="small"
              text
              onClick={() => setCategoryDraft({ ac_id: 0, ac_parent: null, ac_title: '' })}
            />
          )}
        </div>
        <Tree
          value={nodes}
          selectionMode="single"
          selectionKeys={String(selectedCategory ? cateId : ROOT_CATEGORY_ID)}
          onSelectionChange={(event) => {
            if (typeof event.value === 'string') chooseCategory(Number(event.value));
          }}
          expandedKeys={expanded ?? allKeys(nodes)}
          onToggle={(event) => setExpanded(event.value)}
          nodeTemplate={nodeTemplate}
          className="attachment-tree"
        />
      </aside>

      <section className="attachment-library__main">
        <div className="attachment-library__toolbar">
          <div className="attachment-library__buttons">
            {canUpload && (
              <Button
                type="button"
                label={uploading ? t.uploading : t.upload}
                icon="pi pi-upload"
                loading={uploading}
                onClick={() => fileInput.current?.click()}
              />
            )}
            <input
              ref={fileInput}
              type="file"
              hidden
              multiple
              accept={kind === 'image' ? 'image/*' : undefined}
              data-testid="attachment-upload-input"
              onChange={(event) => void upload(event.target.files)}
            />
            {canAdd && (
              <Button
                type="button"
                label={t.networkAttachment}
                icon="pi pi-link"
                outlined
                onClick={() => setNetworkOpen(true)}
              />
            )}
            {toolbarExtra?.(cateId, refreshFiles)}
          </div>
          <div className="attachment-library__search">
            {typeFilter && (
              <Dropdown
                value={type ?? ALL_TYPES}
                options={[
                  { label: t.typeAll, value: ALL_TYPES },
                  { label: t.typeImage, value: ATTACHMENT_TYPE.image },
                  { label: t.typeVideo, value: ATTACHMENT_TYPE.video },
                  { label: t.typeOther, value: ATTACHMENT_TYPE.other },
                ]}
                onChange={(event) => {
                  setType(
                    typeof event.value === 'number' && event.value !== ALL_TYPES
                      ? event.value
                      : null,
                  );
                  setPage((current) => ({ ...current, index: 1 }));
                }}
                aria-label={t.typeFilter}
                placeholder={t.typeFilter}
                className="attachment-library__type"
              />
            )}
            <InputText
              value={keywordInput}
              onChange={(event) => setKeywordInput(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') search();
              }}
              placeholder={t.keywordPlaceholder}
              aria-label={t.keywordPlaceholder}
            />
            <Button type="button" label={t.search} icon="pi pi-search" outlined onClick={search} />
          </div>
        </div>

        <ul className="attachment-grid" aria-busy={list.isFetching}>
          {rows.map((row) => {
            const value = toAttachmentValue(row);
            const checked = isSelected(selected, row);
            const previewKind =
              row.type === ATTACHMENT_TYPE.image
                ? 'image'
                : previewKindOf(row.att_title, row.att_url);
            // Shown without bidirectional controls, so a name cannot disguise its extension.
            const title = displayFileName(row.att_title);
            return (
              <li key={row.att_id} className={`attachment-card${checked ? ' is-selected' : ''}`}>
                <button
                  type="button"
                  role="checkbox"
                  aria-checked={checked}
                  aria-label={title}
                  title={title}
                  className="attachment-card__pick"
                  onClick={() => toggle(row)}
                >
                  <span className="attachment-card__thumb">
                    {previewKind === 'image' ? (
                      <img src={row.att_url} alt="" loading="lazy" />
                    ) : (
                      <i className={fileIconOf(previewKind, row.att_title)} aria-hidden />
                    )}
                  </span>
                  <span className="attachment-card__title">{title}</span>
                  {checked && <i className="pi pi-check attachment-card__check" aria-hidden />}
                </button>
                <Button
                  type="button"
                  icon="pi pi-eye"
                  rounded
                  text
                  size="small"
                  className="attachment-card__preview"
                  aria-label={`${t.preview} ${title}`}
                  tooltip={t.preview}
                  onClick={() => setPreviewing(value)}
                />
              </li>
            );
          })}
          {!rows.length && (
            <li className="attachment-grid__empty">{list.isError ? t.loadFailed : t.empty}</li>
          )}
        </ul>

        <div className="attachment-library__footer">
          <Paginator
            first={(page.index - 1) * page.size}
            rows={page.size}
            totalRecords={total}
            rowsPerPageOptions={LIBRARY_PAGE_SIZES}
            onPageChange={(event) => setPage({ index: event.page + 1, size: event.rows })}
            template="CurrentPageReport PrevPageLink PageLinks NextPageLink RowsPerPageDropdown"
            currentPageReportTemplate={t.pageReport}
          />
          <div className="attachment-library__actions">
            {canDelete && (
              <Button
                type="button"
                label={hasSelection ? t.deleteCount(selected.length) : t.delete}
                icon="pi pi-trash"
                severity="danger"
                outlined
                disabled={!hasSelection}
                loading={removeFiles.isPending}
                onClick={askDeleteFiles}
              />
            )}
            {footer?.(selected, () => setSelected([]))}
          </div>
        </div>
      </section>

      <CategoryDialog
        draft={categoryDraft}
        categories={categories}
        onHide={() => setCategoryDraft(null)}
        onSaved={() => {
          setCategoryDraft(null);
          refreshCategories();
        }}
      />
      <NetworkDialog
        visible={networkOpen}
        cateId={cateId}
        onHide={() => setNetworkOpen(false)}
        onSaved={() => {
          setNetworkOpen(false);
          refreshFiles();
        }}
      />
      {previewing && (
        <DialogCodeSlot open onClose={() => setPreviewing(null)}>
          <FilePreview file={previewing} onHide={() => setPreviewing(null)} />
        </DialogCodeSlot>
      )}
    </div>
  );
}
