/** Upload controls of the dynamic form; the heavy widgets load lazily (./lazy.tsx). */
export { LazyAttachmentControl, LazyUploadControl } from './lazy';
export { TextareaWithWordImport } from './word-textarea';
export {
  UPLOAD_CONTROL_SETUP,
  countProblem,
  cropOf,
  convertsToWebp,
  fieldLimits,
  fileProblem,
  listLayout,
  webpProblem,
} from './limits';
export type { UploadControlSetup, UploadControlType } from './limits';
export { useUploadLimits, uploadLimitKeys } from './use-upload-limits';
export { importWord, wordFileProblem, htmlToText } from './word-import';
