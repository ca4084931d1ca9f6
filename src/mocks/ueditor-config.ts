/**
 * The editor's configuration (/ueditor/ue?action=config): its allowed lists are the ones the
 * mock enforces (src/core/file-types), its sizes the ones ./limits applies before a body is read.
 */
import { UPLOAD_TYPES } from '@/core/file-types';

const dotted = (types: readonly string[]) => types.map((type) => `.${type}`);

export const UEDITOR_CONFIG = {
  imageActionName: 'uploadimage',
  imageFieldName: 'upfile',
  imageMaxSize: 5 * 1024 * 1024,
  imageAllowFiles: dotted(UPLOAD_TYPES.image),
  imageCompressEnable: true,
  imageCompressBorder: 1600,
  imageInsertAlign: 'none',
  imageUrlPrefix: '',
  scrawlActionName: 'uploadscrawl',
  scrawlFieldName: 'upfile',
  scrawlMaxSize: 2 * 1024 * 1024,
  scrawlUrlPrefix: '',
  snapscreenActionName: 'uploadimage',
  snapscreenUrlPrefix: '',
  catcherActionName: 'catchimage',
  catcherFieldName: 'source',
  catcherUrlPrefix: '',
  catcherMaxSize: 5 * 1024 * 1024,
  catcherAllowFiles: dotted(UPLOAD_TYPES.image),
  videoActionName: 'uploadvideo',
  videoFieldName: 'upfile',
  videoUrlPrefix: '',
  videoMaxSize: 100 * 1024 * 1024,
  videoAllowFiles: dotted(UPLOAD_TYPES.media),
  fileActionName: 'uploadfile',
  fileFieldName: 'upfile',
  fileUrlPrefix: '',
  fileMaxSize: 50 * 1024 * 1024,
  fileAllowFiles: dotted(UPLOAD_TYPES.file),
  imageManagerActionName: 'listimage',
  imageManagerListSize: 20,
  imageManagerUrlPrefix: '',
  fileManagerActionName: 'listfile',
  fileManagerListSize: 20,
  fileManagerUrlPrefix: '',
};
