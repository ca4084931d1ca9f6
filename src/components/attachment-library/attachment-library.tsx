/**
 * The attachment library (spec sections 2, 4, 7): a two-level category tree on the left (root
 * 0 一级分类) and a paged file grid on the right (18 per page; 10/18/20/25/30) with keyword
 * search, thumbnails for images, an icon and name for other files, a preview per item, upload
 * and network attachments. Clicking an item toggles it in the selection; delete (and, in the
 * dialog, use-selected) work on the selection. Shared by the library dialog and the
 * /system/attachment screen.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { DialogCodeSlot, lazyDefault } from '@/lib/lazy';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Paginator } from 'primereact/paginator';
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
import { notify } from '@/lib/notify';
import { getAcId, setAcId } from '@/lib/session';
import { attachment as t } from '@/locale/attachment';
import { ROOT_CATEGORY_ID } from './category-rules';
import { CategoryDialog, type CategoryDraft } from './category-dialog';
import { CategoryTree } from './category-tree';
import { AttachmentGrid } from './attachment-grid';
import { confirmDelete } from './confirm-delete';
import { ATTACHMENT_TYPE, LIBRARY_PAGE_SIZE, LIBRARY_PAGE_SIZES } from './library-constants';
import { LibrarySearch } from './library-search';
import { LibraryUpload } from './library-upload';
import { NetworkDialog } from './network-dialog';
import {
  canActOnSelection,
  toAttachmentValue,
  toggleSelection,
  type LibraryKind,
} from './selection';
import './attachment-library.css';
import * as toolCalls from '@generated/calls/tool';
import * as attachmentcateCalls from '@generated/calls/attachmentcate';

const FilePreview = lazyDefault(() => import('@/components/file-preview/file-preview'));

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
  const [keyword, setKeyword] = useState('');
  const [type, setType] = useState<number | null>(kind === 'image' ? ATTACHMENT_TYPE.image : null);
  const [page, setPage] = useState({ index: 1, size: LIBRARY_PAGE_SIZE });
  const [selected, setSelected] = useState<AttachmentValue[]>([]);
  const [categoryDraft, setCategoryDraft] = useState<CategoryDraft | null>(null);
  const [networkOpen, setNetworkOpen] = useState(false);
  const [previewing, setPreviewing] = useState<AttachmentValue | null>(null);

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

  const firstPage = () => setPage((current) => ({ ...current, index: 1 }));

  const chooseCategory = (id: number) => {
    setCateId(id);
    setAcId(id);
    firstPage();
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
    confirmDelete(t.confirmDeleteFile, () =>
      removeFiles.mutate(
        { data: ids },
        {
          onSuccess: () => {
            notify.success(t.deleteSuccess);
            setSelected((current) => current.filter((item) => !ids.includes(item.att_id)));
            refreshFiles();
          },
        },
      ),
    );
  };

  const askDeleteCategory = (category: AttachmentCate) => {
    confirmDelete(t.confirmDeleteCategory, () =>
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
      ),
    );
  };

  const hasSelection = canActOnSelection(selected);

  return (
    <div className="attachment-library">
      <CategoryTree
        categories={categories}
        cateId={cateId}
        rights={{ add: canAddCategory, edit: canEditCategory, delete: canDeleteCategory }}
        onChoose={chooseCategory}
        onDraft={setCategoryDraft}
        onDelete={askDeleteCategory}
      />

      <section className="attachment-library__main">
        <div className="attachment-library__toolbar">
          <div className="attachment-library__buttons">
            <LibraryUpload
              kind={kind}
              cateId={cateId}
              allowed={canUpload}
              onUploaded={refreshFiles}
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
          <LibrarySearch
            typeFilter={typeFilter}
            type={type}
            onType={(chosen) => {
              setType(chosen);
              firstPage();
            }}
            onSearch={(chosen) => {
              setKeyword(chosen);
              firstPage();
            }}
          />
        </div>

        <AttachmentGrid
          rows={rows}
          selected={selected}
          busy={list.isFetching}
          failed={list.isError}
          onToggle={toggle}
          onPreview={setPreviewing}
        />

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
