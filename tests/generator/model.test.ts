// @vitest-environment node
/** Given/want tables for the model's pure transforms. */
import { describe, expect, it } from 'vitest';
import type { Capability } from '../../src/core/module';
import { callShape } from '../../generator/model/capability-operations';
import { columnDefinition, columnFormat } from '../../generator/model/column-format';
import { resolveControl } from '../../generator/model/field-control';
import { apiGroup } from '../../generator/model/build-modules';
import {
  defaultValue,
  fieldDefinition,
  filterDefinition,
  lookedUpSource,
} from '../../generator/model/field-definition';
import { fieldKind } from '../../generator/model/field-kind';
import { moduleFields } from '../../generator/model/module-fields';
import { menuRows, screenMenu } from '../../generator/model/screen';
import {
  camelCase,
  kebabCase,
  moduleKey,
  moduleNames,
  pascalCase,
} from '../../generator/model/names';
import { resolveRef } from '../../generator/model/refs';
import { moduleRoute } from '../../generator/model/route';
import { sortKeysDeep } from '../../generator/render/sort-keys';

const doc = { components: { schemas: { Id: { type: 'integer' } } } };

describe('fieldKind', () => {
  it.each([
    { given: { type: 'string' }, want: 'string' },
    { given: { type: 'integer' }, want: 'integer' },
    { given: { type: ['string', 'null'] }, want: 'string' },
    { given: { $ref: '#/components/schemas/Id' }, want: 'integer' },
    { given: { items: { type: 'string' } }, want: 'array' },
    { given: {}, want: 'unknown' },
  ])('$given → $want', ({ given, want }) => expect(fieldKind(resolveRef(given, doc))).toBe(want));
});

describe('resolveControl', () => {
  it.each([
    { control: 'editor', kind: 'string', want: 'editor' },
    { control: 'UploadAttachmentFileArr', kind: 'string', want: 'UploadAttachmentFileArr' },
    { control: undefined, kind: 'integer', want: 'InputNumber' },
    { control: undefined, kind: 'boolean', want: 'Switch' },
    { control: undefined, kind: 'string', want: 'input' },
  ] as const)('$control/$kind → $want', ({ control, kind, want }) =>
    expect(resolveControl(control, kind)).toBe(want),
  );

  it.each(['Editor', 'richtext', 42])('rejects %s, naming the control list', (control) =>
    expect(() => resolveControl(control, 'string')).toThrow(/not one of the spec's control types/),
  );
});

describe('column', () => {
  it.each([
    { given: true, want: 'text' },
    { given: {}, want: 'text' },
    { given: { format: 'datetime' }, want: 'datetime' },
    { given: { format: 'switch', editable: true }, want: 'switch' },
  ])('format of $given → $want', ({ given, want }) => expect(columnFormat(given)).toBe(want));

  it('rejects an unknown format', () =>
    expect(() => columnFormat({ format: 'money' })).toThrow(/money/));

  it.each([
    { given: undefined, want: undefined },
    { given: false, want: undefined },
    { given: true, want: { field: 'f', header: 'F', format: 'text' } },
    {
      given: { format: 'status', sortable: true },
      want: { field: 'f', header: 'F', format: 'status', sortable: true },
    },
  ])('definition of $given', ({ given, want }) =>
    expect(columnDefinition('f', 'F', given)).toEqual(want),
  );
});

describe('callShape (capability → ModuleApi call)', () => {
  it.each([
    { capability: 'list', body: undefined, want: 'query' },
    { capability: 'export', body: undefined, want: 'query' },
    { capability: 'importtemplate', body: undefined, want: 'none' },
    { capability: 'import', body: undefined, want: 'file' },
    { capability: 'add', body: 'AdminNotice', want: 'record' },
    { capability: 'info', body: 'IdObjectBody', want: 'idObject' },
    { capability: 'resetpassword', body: 'IdBody', want: 'id' },
    { capability: 'disable', body: 'StatusBody', want: 'status' },
    { capability: 'updatefield', body: 'UpdateFieldBody', want: 'updateField' },
    { capability: 'delete', body: 'AttachmentIdList', list: true, want: 'idList' },
  ])('$capability with $body → $want', ({ capability, body, want, ...rest }) =>
    expect(callShape(capability as Capability, body, 'list' in rest)).toBe(want),
  );

  it('rejects a delete without an id body', () =>
    expect(() => callShape('delete', 'AdminNotice')).toThrow(/IdObjectBody/));
});

describe('fieldDefinition (cf_*)', () => {
  it.each([
    {
      name: 'notice_title',
      admin: { label: '公告标题', control: 'input', required: true, placeholder: '请输入公告标题' },
      primary: false,
      want: {
        cf_name: '公告标题',
        cf_fieldname: 'notice_title',
        cf_control: 'input',
        cf_placeholder: '请输入公告标题',
        cf_length: 100,
        cf_validate: 'require',
        cf_ispri: 0,
      },
    },
    {
      name: 'id',
      admin: { label: '编号', form: false },
      primary: true,
      want: {
        cf_name: '编号',
        cf_fieldname: 'id',
        cf_control: 'input',
        cf_length: 100,
        cf_ispri: 1,
      },
    },
    {
      name: 'dep',
      admin: {
        label: '部门',
        control: 'select',
        source: 'API',
        method: 'admindepartment',
        params: { multiple: false },
      },
      primary: false,
      want: {
        cf_name: '部门',
        cf_fieldname: 'dep',
        cf_control: 'select',
        cf_length: 100,
        cf_ispri: 0,
        cf_sourcetype: 'API',
        cf_method: 'admindepartment',
        parameData: { multiple: false },
      },
    },
  ])('$name', ({ name, admin, primary, want }) =>
    expect(fieldDefinition(name, admin, 'string', primary, 100)).toEqual(want),
  );

  it.each([
    { given: undefined, want: undefined },
    { given: '', want: '' },
    { given: 1, want: 1 },
    { given: [], want: undefined },
    { given: ['add', 'edit'], want: '["add","edit"]' },
  ])('default $given → $want', ({ given, want }) => expect(defaultValue(given)).toBe(want));

  it('rejects an unknown option source', () =>
    expect(() => fieldDefinition('x', { source: 'REMOTE' }, 'string', false)).toThrow(/REMOTE/));
});

describe('names and routes', () => {
  it.each([
    { given: 'dict-tree', kebab: 'dict-tree', pascal: 'DictTree', camel: 'dictTree' },
    { given: 'adminNotice', kebab: 'admin-notice', pascal: 'AdminNotice', camel: 'adminNotice' },
    { given: 'notice', kebab: 'notice', pascal: 'Notice', camel: 'notice' },
  ])('$given', ({ given, kebab, pascal, camel }) => {
    expect(kebabCase(given)).toBe(kebab);
    expect(pascalCase(given)).toBe(pascal);
    expect(camelCase(given)).toBe(camel);
  });

  it('names every file of a module from its key and tag', () =>
    expect(moduleNames('dict-tree', 'datadicttree')).toEqual({
      moduleFile: 'modules/dict-tree.ts',
      moduleImport: '@generated/modules/dict-tree',
      moduleConst: 'dictTreeModule',
      mockFile: 'mocks/dict-tree.ts',
      mockConst: 'dictTreeMock',
      pageFile: 'pages/dict-tree/dict-tree-page.tsx',
      pageImport: './pages/dict-tree/dict-tree-page',
      pageComponent: 'DictTreePage',
      apiImport: '@generated/api/datadicttree/datadicttree',
    }));

  it.each([
    { given: '/system/notice', want: '/system/notice' },
    { given: '/system/notice/', want: '/system/notice' },
  ])('route $given → $want', ({ given, want }) => expect(moduleRoute(given)).toBe(want));

  it.each(['system/notice', '/系统', 3])('rejects route %s', (given) =>
    expect(() => moduleRoute(given)).toThrow(/route/),
  );
  it.each(['Notice', 'dict_tree', ''])('rejects module key %s', (given) =>
    expect(() => moduleKey(given)).toThrow(/kebab-case/),
  );
});

describe('sortKeysDeep', () => {
  it('sorts keys but keeps property (form) order and array order', () => {
    const given = {
      b: 1,
      a: { properties: { z: { type: 'string', description: 'z' }, y: {} } },
      list: [3, 1],
    };
    const want = JSON.stringify({
      a: { properties: { z: { description: 'z', type: 'string' }, y: {} } },
      b: 1,
      list: [3, 1],
    });
    expect(JSON.stringify(sortKeysDeep(given))).toBe(want);
  });
});

describe('apiGroup (the /api/{group} segment)', () => {
  it.each([
    {
      given: ['/api/adminnotice/list', '/api/adminnotice/add'],
      tag: 'adminnotice',
      want: 'adminnotice',
    },
    { given: ['/api/module/list', '/api/module/info'], tag: 'designermodule', want: 'module' },
  ])('$tag → $want', ({ given, tag, want }) => {
    const problems: string[] = [];
    expect(
      apiGroup(
        given.map((path) => ({ path })),
        tag,
        problems,
      ),
    ).toBe(want);
    expect(problems).toEqual([]);
  });

  it('reports calls spread over two groups', () => {
    const problems: string[] = [];
    apiGroup([{ path: '/api/a/list' }, { path: '/api/b/add' }], 'a', problems);
    expect(problems).toEqual(['tag a: its calls must share one /api/{group}/ prefix']);
  });
});

describe('filterDefinition (list filters start empty and optional)', () => {
  it('drops the required rule and the default, keeps the control and options', () => {
    const options = [{ label: '启用', value: 1 }];
    expect(
      filterDefinition({
        cf_name: '状态',
        cf_fieldname: 'status',
        cf_control: 'Switch',
        cf_default: 1,
        cf_validate: 'require',
        optionData: options,
      }),
    ).toEqual({
      cf_name: '状态',
      cf_fieldname: 'status',
      cf_control: 'Switch',
      optionData: options,
    });
  });
});

describe('lookedUpSource (list columns show labels, not stored ids)', () => {
  const base = { cf_name: '字段', cf_fieldname: 'f' } as const;
  it.each([
    {
      given: { ...base, cf_control: 'select', cf_sourcetype: 'API', cf_method: 'adminrole' },
      want: { cf_control: 'select', cf_sourcetype: 'API', cf_method: 'adminrole' },
    },
    {
      given: { ...base, cf_control: 'radio', cf_sourcetype: 'DICTIONARY', cf_dictionary: 'sex' },
      want: { cf_control: 'radio', cf_sourcetype: 'DICTIONARY', cf_dictionary: 'sex' },
    },
    { given: { ...base, cf_control: 'Department' }, want: { cf_control: 'Department' } },
    { given: { ...base, cf_control: 'select', cf_sourcetype: 'STATIC' }, want: undefined },
    { given: { ...base, cf_control: 'input' }, want: undefined },
  ] as const)('$given.cf_control $given.cf_sourcetype', ({ given, want }) => {
    expect(lookedUpSource(given)).toEqual(want);
  });
});

describe('moduleFields (the lists the module definition and the mock registration read)', () => {
  const definition = (name: string, label: string) =>
    ({ cf_name: label, cf_fieldname: name, cf_control: 'input' }) as const;
  const column = (field: string, header: string) => ({ field, header, format: 'text' }) as const;
  it('splits fields by form, column, search, required and writeOnly, in property order', () => {
    expect(
      moduleFields([
        {
          name: 'id',
          form: true,
          required: true,
          primary: true,
          writeOnly: false,
          definition: { ...definition('id', '编号'), cf_ispri: 1 },
          column: column('id', '编号'),
        },
        {
          name: 'title',
          form: true,
          required: true,
          primary: false,
          search: 'keyword',
          writeOnly: false,
          definition: { ...definition('title', '标题'), cf_validate: 'require' },
          column: column('title', '标题'),
        },
        {
          name: 'status',
          form: true,
          required: false,
          primary: false,
          search: 'filter',
          writeOnly: false,
          definition: { ...definition('status', '状态'), cf_default: 1 },
          column: column('status', '状态'),
        },
        {
          name: 'password',
          form: false,
          required: false,
          primary: false,
          writeOnly: true,
          definition: definition('password', '密码'),
        },
      ]),
    ).toEqual({
      formFields: [
        { ...definition('id', '编号'), cf_ispri: 1 },
        { ...definition('title', '标题'), cf_validate: 'require' },
        { ...definition('status', '状态'), cf_default: 1 },
      ],
      columns: [column('id', '编号'), column('title', '标题'), column('status', '状态')],
      searchFields: [definition('status', '状态')],
      keywordFields: ['title'],
      filterFields: ['status'],
      requiredFields: [{ field: 'title', label: '标题' }],
      exportColumns: [
        ['id', '编号'],
        ['title', '标题'],
        ['status', '状态'],
      ],
      writeOnlyFields: ['password'],
    });
  });
});

describe('screen model (x-admin menu, parentPath and the menu rows)', () => {
  const seed = [
    { amenu_id: 2, amenu_pid: 0, amenu_routername: 'system', amenu_address: '' },
    {
      amenu_id: 201,
      amenu_pid: 2,
      amenu_routername: 'systemSetting',
      amenu_address: '/system/setting',
    },
  ];
  const module = (tag: string, route: string, sort: number) =>
    ({
      tag,
      route,
      title: `${tag}管理`,
      menu: { group: 'system', icon: 'pi pi-x', sort },
    }) as never;

  it.each([
    [
      { group: 'system', icon: 'pi pi-cog', sort: 7 },
      { group: 'system', icon: 'pi pi-cog', sort: 7 },
    ],
    [undefined, undefined],
  ])('screenMenu(%j) = %j', (given, want) => {
    expect(screenMenu(given, 'tag x')).toEqual(want);
  });

  it.each([[{ group: 'system' }], [{ group: 'system', icon: 'pi', sort: 0 }], ['system']])(
    'screenMenu(%j) names the expected shape',
    (given) => {
      expect(() => screenMenu(given, 'tag x')).toThrow('tag x: x-admin.menu must be');
    },
  );

  it('makes a row per screen: id = group id × 100 + sort, router name from the path', () => {
    const problems: string[] = [];
    const rows = menuRows([module('adminnotice', '/system/notice', 7)], seed, problems);
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      {
        amenu_id: 207,
        amenu_pid: 2,
        amenu_name: 'adminnotice管理',
        amenu_type: 'menu',
        amenu_address: '/system/notice',
        amenu_routername: 'systemNotice',
        amenu_icon: 'pi pi-x',
        amenu_sort: 7,
        amenu_status: 1,
        wait_num: 0,
      },
    ]);
  });

  it('reports an unknown group, a taken id and an address the seed already has', () => {
    const problems: string[] = [];
    menuRows(
      [
        {
          ...(module('a', '/x/a', 1) as object),
          menu: { group: 'shop', icon: 'i', sort: 1 },
        } as never,
        module('b', '/x/b', 1),
        module('c', '/system/setting', 2),
        module('d', '/x/d', 3),
        module('e', '/x/e', 3),
      ],
      seed,
      problems,
    );
    expect(problems).toEqual([
      'tag a: x-admin.menu.group "shop" is not a top-level menu of the menu seed (system)',
      'tag b: x-admin.menu: menu id 201 (group system, sort 1) is taken by the menu seed',
      'tag c: x-admin.menu: the menu seed already has a row for /system/setting; remove it (the menu entry is generated)',
      'tag e: x-admin.menu: menu id 203 (group system, sort 3) is taken by tag d',
    ]);
  });
});
