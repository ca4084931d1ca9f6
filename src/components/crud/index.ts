export * from './module-definition';
export { CrudPage } from './crud-page';
export type { CrudPageProps } from './crud-page';
export { CrudList, CrudListView } from './crud-list';
export type {
  BulkRowAction,
  CrudListProps,
  CrudListViewProps,
  CrudRowAction,
  RowActionDefinition,
  RowAllows,
} from './crud-list';
export type { ColumnOverride, ColumnOverrides } from './crud-table';
export { CrudForm } from './crud-form';
export type { CrudFormProps } from './crud-form';
export { CrudFormPage } from './crud-form-page';
export type { CrudFormPageProps } from './crud-form-page';
export { CrudInfo } from './crud-info';
export { CrudLookupPage } from './crud-lookup-page';
export { RecycleBin, useRecycleBin } from './recycle-bin';
export {
  ImportExport,
  useImportExport,
  validateImportFiles,
  saveBlob,
  IMPORT_MAX_MB,
  IMPORT_TYPES,
} from './import-export';
export { useCrudList, buildListQuery, PAGE_SIZES, DEFAULT_PAGE_SIZE } from './use-crud-list';
export type { CrudListController, ListSort, PendingConfirm } from './use-crud-list';
export { useRowCommands, usePendingConfirm } from './use-row-commands';
export type { RowCommands, RowCommandOptions } from './use-row-commands';
export { useCrudDialog } from './use-crud-dialog';
export type { CrudDialog, CrudDialogState } from './use-crud-dialog';
export { createCrudQueries, createCrudMutations, crudKeys } from './crud-queries';
export { actionPermitted, canDo, permissionKeyOf } from './permission-keys';
export type { CrudAction } from './permission-keys';
export { cellText, fieldText, optionText, imageUrls } from './cell-format';
export { CrudTreePage } from './tree-table';
export type { CrudTreePageProps, TreeRowAction } from './tree-table';
export { useTreeList, nestRows, parentKeys, TREE_PAGE_SIZE } from './use-tree-list';
export type { RecordNode, TreeListController, TreeListOptions } from './use-tree-list';
