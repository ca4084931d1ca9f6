// @vitest-environment node
/**
 * Every answer of the mock backend validates against the contract: each operation of
 * generated/openapi.json is called (signed in, on a fresh database) with a plausible
 * request, must answer a success, and its JSON must validate against the operation's 200
 * response schema (OpenAPI 3.1 = JSON Schema 2020-12, local $refs resolved through the
 * document's components).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { addContractFormats } from '@/core/contract-formats';
import { DEMO_SSO_TICKET, DEMO_WECHAT_CODE } from '@/mocks/auth';
import { mockModule } from '@/mocks/engine-registry';
import { resetMockDatabase } from '@/mocks/reset';
import type { MockRow } from '@/mocks/types';
import { send, signIn, withMockServer, type CallOptions } from './harness';
import { textOf } from '@/core/guards';

withMockServer();

interface Operation {
  operationId: string;
  method: 'GET' | 'POST';
  path: string;
  capability?: string;
  schema: unknown;
  jsonAnswer: boolean;
}

type Doc = {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: Record<string, Record<string, unknown>>;
};

const doc = JSON.parse(readFileSync(path.resolve('generated/openapi.json'), 'utf8')) as Doc;
const DOC_ID = 'https://contract.invalid/openapi.json';

function resolveResponse(response: Record<string, unknown>): Record<string, unknown> {
  const ref = response.$ref;
  if (typeof ref === 'string') {
    const name = ref.replace('#/components/responses/', '');
    return resolveResponse(doc.components.responses?.[name] as Record<string, unknown>);
  }
  return response;
}

/** Local refs point into the document registered under DOC_ID. */
function anchored(schema: unknown): unknown {
  return JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, `"${DOC_ID}#/components/`));
}

const operations: Operation[] = Object.entries(doc.paths).flatMap(([route, methods]) =>
  Object.entries(methods)
    .filter(([method]) => method === 'get' || method === 'post')
    .map(([method, raw]) => {
      const op = raw as {
        operationId: string;
        responses: Record<string, Record<string, unknown>>;
        'x-admin'?: { capability?: string };
      };
      const response = resolveResponse(op.responses['200'] ?? {});
      const content = (response.content ?? {}) as Record<string, { schema?: unknown }>;
      return {
        operationId: op.operationId,
        method: method.toUpperCase() as 'GET' | 'POST',
        path: route,
        capability: op['x-admin']?.capability,
        schema: anchored(content['application/json']?.schema ?? {}),
        jsonAnswer: 'application/json' in content,
      };
    }),
);

// --- request builders ------------------------------------------------------------------------

function groupOf(route: string): string {
  return route.split('/')[2] ?? '';
}

/** The first seed row that fills every required field (some seeds are parents with blanks). */
function seedRow(group: string): MockRow {
  const registration = mockModule(group);
  const complete = (row: MockRow) =>
    registration?.requiredFields.every(
      ({ field }) => row[field] !== undefined && row[field] !== null && row[field] !== '',
    );
  const row = registration?.seed.find(complete) ?? registration?.seed[0];
  if (!registration || !row) throw new Error(`no registration or seed for ${group}`);
  return { ...row };
}

function firstId(group: string): unknown {
  const registration = mockModule(group);
  return registration ? seedRow(group)[registration.primaryKey] : 1;
}

async function xlsxWithHeaders(group: string): Promise<Blob> {
  const registration = mockModule(group);
  const module = await import('exceljs');
  const ExcelJS = (module as unknown as { default?: typeof module }).default ?? module;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('导入');
  const columns = (registration?.exportColumns ?? []).filter(
    ([field]) => field !== registration?.primaryKey,
  );
  const row = seedRow(group);
  sheet.addRow(columns.map(([, header]) => header));
  sheet.addRow(
    columns.map(([field]) => {
      const value = row[field];
      return typeof value === 'object' ? JSON.stringify(value) : (value as string | number);
    }),
  );
  return new Blob([(await workbook.xlsx.writeBuffer()) as ArrayBuffer]);
}

function multipart(fields: Record<string, string | Blob>, fileName = 'upload.png'): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value instanceof Blob) form.append(key, value, fileName);
    else form.append(key, value);
  }
  return form;
}

interface Prepared {
  path: string;
  options: CallOptions;
  /** Runs first (e.g. delete before restore). */
  before?: (token: string) => Promise<void>;
  expectStatus?: number;
}

const png = () =>
  new Blob([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], { type: 'image/png' });

const specific: Record<string, (op: Operation) => Prepared | Promise<Prepared>> = {
  sessionLogin: (op) => ({
    path: op.path,
    options: {
      body: { username: 'admin', password: 'Admin@123456', captcha: '8888', captcha_key: 'x' },
    },
  }),
  sessionSsologin: (op) => ({ path: op.path, options: { body: { ticket: DEMO_SSO_TICKET } } }),
  sessionWechatauthlogin: (op) => ({
    path: op.path,
    options: { body: { code: DEMO_WECHAT_CODE } },
  }),
  sessionCaptcha: (op) => ({ path: op.path, options: { query: { r: Date.now() } } }),
  sessionGetsystemsetting: (op) => ({ path: op.path, options: { body: {} } }),
  adminuserUppassword: (op) => ({
    path: op.path,
    options: {
      body: { oldPwd: 'Admin@123456', newPwd: 'Newpass#2025', newPwdTwo: 'Newpass#2025' },
    },
  }),
  adminuserResetpassword: (op) => ({ path: op.path, options: { body: { id: 2 } } }),
  // The designer refuses a taken module or field name (the seed row again): a new one.
  designermoduleAdd: (op) => ({
    path: op.path,
    options: {
      body: {
        module_title: '采购申请',
        module_name: 'Purchase',
        table_name: 'cms_purchase',
        module_type: 1,
      },
    },
  }),
  fieldAdd: (op) => ({
    path: op.path,
    options: {
      body: { module_id: 1, cf_name: '备注', cf_fieldname: 'deal_remark', cf_control: 'textarea' },
    },
  }),
  adminuserGetkeyval: (op) => ({
    path: op.path,
    options: { body: { key: 'id', value: 'nickname' } },
  }),
  admindepartmentGetjobdepid: (op) => ({
    path: op.path,
    options: { body: { jobid: 1 } },
    before: async (token) =>
      void (await send('POST', '/api/admindepartment/savejobdep', {
        token,
        body: { jobid: 1, deparr: [2, 3] },
      })),
  }),
  admindepartmentSavejobdep: (op) => ({
    path: op.path,
    options: { body: { jobid: 1, deparr: [2, 3] } },
  }),
  adminmenuGetrolemenuid: (op) => ({
    path: op.path,
    options: { body: { roleid: 2, issuper: 0 } },
    before: async (token) =>
      void (await send('POST', '/api/adminmenu/saverolemenu', {
        token,
        body: { roleid: 2, menuarr: [1, 2] },
      })),
  }),
  adminmenuSaverolemenu: (op) => ({
    path: op.path,
    options: { body: { roleid: 2, menuarr: [1, 2] } },
  }),
  // Trees refuse to delete a node with children: a leaf (重置密码 button, 前端开发组).
  adminmenuDelete: (op) => ({ path: op.path, options: { body: { id: { id: 3014 } } } }),
  admindepartmentDelete: (op) => ({ path: op.path, options: { body: { id: { id: 6 } } } }),
  adminroleGetroleauth: (op) => ({ path: op.path, options: { body: { roleid: 2 } } }),
  adminroleSaveroleauth: (op) => ({
    path: op.path,
    options: { body: { roleid: 2, prilist: ['ADMINNOTICE_ADD'] } },
  }),
  dictionaryGetkeyval: (op) => ({
    path: op.path,
    options: { body: { parentCode: 'Dep', isAll: 1 } },
  }),
  datadicttreeGetkeyval: (op) => ({ path: op.path, options: { body: { topCode: 'Region' } } }),
  datadicttreeGetlistkeyVal: (op) => ({ path: op.path, options: { body: { topCode: 'Region' } } }),
  groupGetgroupdata: (op) => ({ path: op.path, options: { body: { code: 'IMAGECONFIG' } } }),
  groupCreatecash: (op) => ({ path: op.path, options: { body: { isCash: 1 } } }),
  dictionaryCreatecash: (op) => ({ path: op.path, options: { body: { isCash: 1 } } }),
  datadicttreeCreatecash: (op) => ({ path: op.path, options: { body: { isCash: 1 } } }),
  groupUpdatesetting: (op) => ({
    path: op.path,
    options: { body: { code: 'SYS_TITLE', data: { SYS_TITLE: '演示后台' } } },
  }),
  fieldGetfieldarrbymodule: (op) => ({
    path: op.path,
    options: { body: { moduleName: 'common', moduleType: 'form' } },
  }),
  attachmentAdd: (op) => ({
    path: op.path,
    options: { body: { att_title: '横幅', att_url: 'https://example.com/a.png', att_storage: 5 } },
  }),
  attachmentEdit: (op) => ({
    path: op.path,
    options: { body: { att_id: firstId('attachment'), att_title: '新名称' } },
  }),
  attachmentDelete: (op) => ({ path: op.path, options: { body: [firstId('attachment')] } }),
  attachmentcateAdd: (op) => ({
    path: op.path,
    options: { body: { ac_id: 0, ac_parent: 0, ac_path: '0', ac_title: '新分类' } },
  }),
  attachmentcateEdit: (op) => ({
    path: op.path,
    options: { body: { ac_id: 6, ac_parent: 0, ac_path: '0', ac_title: '视频' } },
  }),
  attachmentcateDelete: (op) => ({ path: op.path, options: { body: { id: 6 } } }),
  toolUploadimg: (op) => ({
    path: op.path,
    options: { body: multipart({ file: png(), type: 'image', attachment_cate_id: '1' }) },
  }),
  toolUploadfile: (op) => ({
    path: op.path,
    options: { body: multipart({ file: new Blob(['%PDF-1.4\n%%EOF']), type: 'file' }, 'a.pdf') },
  }),
  toolUploadmedia: (op) => ({
    path: op.path,
    // Uploads are kept only when the bytes are what the extension says (src/core/file-types).
    options: {
      body: multipart(
        {
          file: new Blob([
            new Uint8Array([0, 0, 0, 16, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]),
          ]),
          type: 'media',
        },
        'a.mp4',
      ),
    },
  }),
  toolInportfile: (op) => ({
    path: op.path,
    options: { body: multipart({ file: new Blob(['PK\u0003\u0004docx']) }, 'a.docx') },
  }),
  toolUploadslice: (op) => ({
    path: op.path,
    options: {
      body: multipart(
        {
          resource_chunk: new Blob(['chunk']),
          chunk_total: '1',
          chunk_index: '1',
          resource_temp_basename: 'b1',
          resource_temp_path: '',
          resource_type: 'txt',
          resource_name: 'a.txt',
          accessToken: '',
          ac_id: '0',
        },
        'a.txt',
      ),
    },
  }),
  messageRead: (op) => ({ path: op.path, options: { body: { id: 1 } } }),
  messageInfo: (op) => ({ path: op.path, options: { body: { id: 1 } } }),
  ueditorConfig: (op) => ({ path: op.path, options: { query: { action: 'config' } } }),
  ueditorAction: (op) => ({
    path: `${op.path}?action=uploadimage`,
    options: { body: multipart({ upfile: png(), type: 'ajax' }) },
  }),
  methodGetkeyval: () => ({ path: '/api/adminuser/getkeyval', options: {} }),
  // 设为当前版本 takes an existing version's id.
  systemversionSetcurrent: (op) => ({ path: op.path, options: { body: { id: 2 } } }),
  moduleversionSetcurrent: (op) => ({ path: op.path, options: { body: { id: 3 } } }),
  informationreportingexamineExamine: (op) => ({
    path: op.path,
    options: { body: { id: 3, status: 2, remark: '同意' } },
  }),
  informationreportingpublishStatistic: (op) => ({
    path: op.path,
    options: { query: { year: 2025 } },
  }),
  // The report workflow: only the author's draft (seed 11) may be edited, deleted or submitted,
  // and only a pending or withdrawn publication published.
  informationreportingEdit: (op) => ({
    path: op.path,
    options: {
      body: {
        ...mockModule('informationreporting')?.seed.find((row) => row.report_status === 1),
        summary: '已修改',
      },
    },
  }),
  informationreportingDelete: (op) => ({ path: op.path, options: { body: { id: { id: 11 } } } }),
  informationreportingSubmit: (op) => ({ path: op.path, options: { body: { id: 11 } } }),
  informationreportingHistory: (op) => ({ path: op.path, options: { body: { id: 1 } } }),
  informationreportingpublishWithdraw: (op) => ({ path: op.path, options: { body: { id: 1 } } }),
  informationreportingpublishPublish: (op) => ({
    path: op.path,
    options: { body: { id: 1 } },
    before: async (token) =>
      void (await send('POST', '/api/informationreportingpublish/withdraw', {
        token,
        body: { id: 1 },
      })),
  }),
};

async function prepare(op: Operation): Promise<Prepared> {
  const custom = specific[op.operationId];
  if (custom) return custom(op);
  const isGeneric = op.path.startsWith('/api/{module}/');
  const concretePath = op.path.replace('{module}', 'common');
  const group = groupOf(concretePath);
  const registration = mockModule(group);
  const action = concretePath.split('/').pop() ?? '';
  const pk = registration?.primaryKey ?? 'id';
  const id = firstId(group);
  switch (action) {
    case 'list':
    case 'mylist':
      return { path: concretePath, options: { query: { pageindex: 1, pagesize: 5 } } };
    case 'recycle':
      return {
        path: concretePath,
        options: { query: { pageindex: 1, pagesize: 5 } },
        before: async (token) =>
          void (await send('POST', `/api/${group}/delete`, { token, body: { id: { id } } })),
      };
    case 'info':
    case 'delete':
      return { path: concretePath, options: { body: { id: { id } } } };
    case 'restore':
    case 'destroy':
      return {
        path: concretePath,
        options: { body: { id: { id } } },
        before: async (token) =>
          void (await send('POST', `/api/${group}/delete`, { token, body: { id: { id } } })),
      };
    case 'disable':
      return { path: concretePath, options: { body: { id, status: 2 } } };
    case 'updatefield': {
      const row = seedRow(group);
      const field =
        Object.keys(row).find((key) => key !== pk && typeof row[key] === 'string') ?? 'sort';
      return {
        path: concretePath,
        options: { body: { id, field, value: textOf(row[field] ?? '1') } },
      };
    }
    case 'add': {
      const { [pk]: _drop, ...rest } = seedRow(group);
      return { path: concretePath, options: { body: rest } };
    }
    case 'edit':
      return { path: concretePath, options: { body: seedRow(group) } };
    case 'import':
      return {
        path: concretePath,
        options: { body: multipart({ importfile: await xlsxWithHeaders(group) }, 'import.xlsx') },
      };
    case 'export':
    case 'importtemplate':
      return { path: concretePath, options: isGeneric ? {} : {} };
    default:
      return { path: concretePath, options: op.method === 'POST' ? { body: {} } : {} };
  }
}

// --- validation ------------------------------------------------------------------------------

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
// The answers keep the contract's own formats too (one-line texts, real days).
addContractFormats(ajv);
ajv.addFormat('binary', true);
ajv.addSchema({ $id: DOC_ID, components: doc.components });
const validators = new Map<string, ValidateFunction>();
function validatorFor(op: Operation): ValidateFunction {
  let validate = validators.get(op.operationId);
  if (!validate) {
    validate = ajv.compile(op.schema as object);
    validators.set(op.operationId, validate);
  }
  return validate;
}

describe('contract conformance of the mock backend', () => {
  beforeAll(() => {
    expect(operations.length).toBeGreaterThan(100);
  });

  it('the notice and admin-user modules are fully covered by the contract walk', () => {
    const ids = operations.map((op) => op.operationId);
    expect(ids.filter((id) => id.startsWith('adminnotice'))).toHaveLength(10);
    expect(ids.filter((id) => id.startsWith('adminuser'))).toHaveLength(9);
  });

  it.each(operations.map((op) => [op.operationId, op] as const))(
    '%s answers a success that validates against its 200 schema',
    async (_id, op) => {
      resetMockDatabase();
      const token = await signIn();
      const prepared = await prepare(op);
      await prepared.before?.(token);
      const response = await send(op.method, prepared.path, { ...prepared.options, token });
      expect(response.status).toBe(200);
      const type = response.headers.get('content-type') ?? '';
      if (!type.includes('json')) {
        // File answers (export, importtemplate) and JSONP are checked for their media type.
        expect(type).toMatch(/spreadsheetml|javascript/);
        return;
      }
      const body = (await response.json()) as Record<string, unknown>;
      if ('status' in body)
        expect({ op: op.operationId, status: body.status, msg: body.msg }).toMatchObject({
          status: prepared.expectStatus ?? 200,
        });
      const validate = validatorFor(op);
      const valid = validate(body);
      expect(
        valid
          ? []
          : validate.errors?.map(
              (error) => `${error.instancePath} ${error.message} ${JSON.stringify(error.params)}`,
            ),
      ).toEqual([]);
    },
  );
});
