/**
 * Imported REST sources: the adapter that presents a resource's REST calls to the CRUD blocks,
 * and the per-tab credential a source's calls carry.
 */
export { restModule, type RestModuleApi, type RestModuleQueryKeys } from './adapter';
export { restActions, type SourceActionRunner } from './action';
export {
  clearAllSourceCredentials,
  clearSourceCredential,
  getSourceCredential,
  setSourceCredential,
} from './credentials';
export { askSourceSignIn, onSourceSignIn } from './sign-in';
export { sourceBaseUrl, sourceUrlVariable } from './url';
export { underParent } from './nested';
