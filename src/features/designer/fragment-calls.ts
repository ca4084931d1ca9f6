/**
 * 导出契约, the calls: the generic operations of a designed module's capabilities (list, info,
 * add, edit, delete, recycle bin, import/export, my list) as the fragment's paths, each with the
 * envelope its answer carries. Part of ./module-fragment.ts, which assembles the fragment.
 */
import type { YamlMap, YamlValue } from '@/core/yaml-text';

const ref = (name: string): YamlMap => ({ $ref: `#/components/schemas/${name}` });
const HTTP_4XX: YamlMap = { $ref: '#/components/responses/HttpError4xx' };
const PAGING: YamlValue[] = ['PageIndex', 'PageSize', 'Keyword'].map((name) => ({
  $ref: `#/components/parameters/${name}`,
}));
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface Call {
  action: string;
  method: 'get' | 'post';
  summary: string;
  request?: YamlMap;
  /** The envelope's data: a page of records, one record, or nothing. */
  answer: 'page' | 'record' | 'empty' | 'file';
  parameters?: YamlValue[];
}

function envelopeWith(data: YamlValue): YamlMap {
  return {
    allOf: [ref('Envelope'), { type: 'object', properties: { data } }],
  };
}

function answerOf(call: Call, entity: string): YamlMap {
  const record: YamlMap = { allOf: [ref(entity), { required: ['id'] }] };
  if (call.answer === 'file')
    return {
      description: 'Excel 文件。',
      content: { [XLSX]: { schema: { type: 'string', format: 'binary' } } },
    };
  const schema =
    call.answer === 'page'
      ? envelopeWith({
          allOf: [
            { $ref: '#/components/schemas/ListPageMeta' },
            {
              type: 'object',
              required: ['data'],
              properties: { data: { type: 'array', items: record } },
            },
          ],
        })
      : call.answer === 'record'
        ? envelopeWith(record)
        : ref('EmptyEnvelope');
  return {
    description: '信封，status 200 表示成功。',
    content: { 'application/json': { schema } },
  };
}

export function callsOf(capabilities: readonly string[], title: string, entity: string): Call[] {
  const idBody: YamlMap = { 'application/json': { schema: ref('IdObjectBody') } };
  const all: Record<string, Call> = {
    list: {
      action: 'list',
      method: 'get',
      summary: `${title}列表`,
      answer: 'page',
      parameters: PAGING,
    },
    info: {
      action: 'info',
      method: 'post',
      summary: `${title}详情`,
      answer: 'record',
      request: idBody,
    },
    add: {
      action: 'add',
      method: 'post',
      summary: `${title}新增`,
      answer: 'empty',
      request: { 'application/json': { schema: ref(entity) } },
    },
    edit: {
      action: 'edit',
      method: 'post',
      summary: `${title}编辑`,
      answer: 'empty',
      request: {
        'application/json': { schema: { allOf: [ref(entity), { required: ['id'] }] } },
      },
    },
    delete: {
      action: 'delete',
      method: 'post',
      summary: `${title}删除`,
      answer: 'empty',
      request: idBody,
    },
    recycle: {
      action: 'recycle',
      method: 'get',
      summary: `${title}回收站`,
      answer: 'page',
      parameters: PAGING,
    },
    restore: {
      action: 'restore',
      method: 'post',
      summary: `${title}恢复`,
      answer: 'empty',
      request: idBody,
    },
    destroy: {
      action: 'destroy',
      method: 'post',
      summary: `${title}彻底删除`,
      answer: 'empty',
      request: idBody,
    },
    mylist: {
      action: 'mylist',
      method: 'get',
      summary: `${title}我的列表`,
      answer: 'page',
      parameters: PAGING,
    },
    export: {
      action: 'export',
      method: 'get',
      summary: `${title}导出 Excel`,
      answer: 'file',
      parameters: [{ $ref: '#/components/parameters/Keyword' }],
    },
    import: {
      action: 'import',
      method: 'post',
      summary: `${title}导入 Excel`,
      answer: 'empty',
      request: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['importfile'],
            properties: {
              importfile: {
                type: 'string',
                format: 'binary',
                description: 'Excel 文件（xls/xlsx）。',
              },
            },
          },
        },
      },
    },
    importtemplate: {
      action: 'importtemplate',
      method: 'post',
      summary: `${title}下载导入模板`,
      answer: 'file',
    },
  };
  return capabilities.map((capability) => all[capability]!);
}

export function operation(call: Call, group: string, entity: string): YamlMap {
  return {
    [call.method]: {
      operationId: `${group}${call.action.charAt(0).toUpperCase()}${call.action.slice(1)}`,
      tags: [group],
      summary: call.summary,
      'x-inferred': true,
      'x-admin': { capability: call.action },
      parameters: call.parameters,
      requestBody: call.request ? { required: true, content: call.request } : undefined,
      responses: { '200': answerOf(call, entity), '4XX': HTTP_4XX },
    },
  };
}

// --- the fragment ----------------------------------------------------------------------------
