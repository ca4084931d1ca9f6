export { NestedSourcePage, SourceListPage } from './source-pages';
export type { NestedCollection } from './source-pages';
