/**
 * Every user-visible string. One file per area, one owner per file; the spec's quoted
 * messages appear verbatim (Chinese) or in natural Chinese where the spec quotes English.
 */
export { common } from './common';
export { shell, fillTemplate } from './shell';
export { auth } from './auth';
export { form } from './form';
export { crud, formatText } from './crud';
export { crudConflict, crudImportReport, crudTransfer } from './crud-dialogs';
export { requestMessages, uploadMessages } from './request';
export { mockMessages } from './mock';
export { screenTitles } from './routes';
export { reporting, reportingMessages, reportStatistic, printDemo } from './reporting';
export { deal, versions } from './deal';
export { system } from './system';
export { settings } from './settings';
export { largeUpload } from './large-upload';
export { attachment } from './attachment';
export { upload, uploadDemo } from './upload';
export { editorText } from './editor';
export { designer } from './designer';
export { editorUi } from './editor-ui';
export { restSourceMessages } from './rest-source';
