/**
 * 导出契约: a module designed at run time (后台设计 + 字段管理) as a contract fragment,
 * `openapi/paths/<group>.yaml`, written the way the hand-written fragments are (see
 * openapi/README.md and paths/systemversion.yaml): a tag with x-admin (module, title, route,
 * menu place, entity, permission key, capabilities), the generic calls of those capabilities,
 * and the entity schema whose properties carry each field's x-admin — so `cli import-module`
 * + `cli generate` give a generated screen whose form fields are the designed ones.
 * Only the designer builds it (in the browser; the YAML through the `yaml` library, see
 * src/core/yaml-text.ts, which `cli import-module` shares), so it lives with the designer, not in
 * the dependency-free core; tests/generator/import-module.test.ts sends this very text through
 * the CLI.
 */
import {
  DEFAULT_MAX_LENGTH,
  NUMBER_DEFAULTS,
  UPLOAD_CONTROLS,
  type ControlType,
  type FieldDefinition,
  type FieldOption,
} from '@/core/field-definition';
import { toYaml, yamlComment, type YamlMap, type YamlValue } from '@/core/yaml-text';

/** The 后台设计 row (the designer module's fields the fragment needs). */
export interface DesignedModuleRow {
  module_title: string;
  /** English identifier: lower-cased it is the /api group, upper-cased the permission key. */
  module_name: string;
  icon?: string;
  /** 1 on: the recycle bin (recycle, restore, destroy). */
  is_recycle?: number;
  /** 1 on: import and export. */
  is_import?: number;
  /** 1 on: the signed-in user's own list. */
  is_mylist?: number;
}

/** A designed field: its cf_* definition plus whether the list shows it (cf_islist 2: no). */
export interface DesignedField extends FieldDefinition {
  cf_islist?: number;
}

/** The top-level menu a graduated module joins, and the icon when the module names none. */
export const FRAGMENT_MENU_GROUP = 'deal';
const DEFAULT_ICON = 'pi pi-table';
const FILE_TEXT_MAX = 4000;
const EDITOR_MAX = 65535;

const ref = (name: string): YamlMap => ({ $ref: `#/components/schemas/${name}` });
const HTTP_4XX: YamlMap = { $ref: '#/components/responses/HttpError4xx' };
const PAGING: YamlValue[] = ['PageIndex', 'PageSize', 'Keyword'].map((name) => ({
  $ref: `#/components/parameters/${name}`,
}));
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The names a module's fragment is made of. */
export interface FragmentNames {
  /** The /api group and file name: module_name lower-cased. */
  group: string;
  /** x-admin.module, kebab-case. */
  key: string;
  /** components.schemas name of one record. */
  entity: string;
  route: string;
  permissionKey: string;
  fileName: string;
}

export function fragmentNames(moduleName: string): FragmentNames {
  const group = moduleName.toLowerCase();
  const words = moduleName
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return {
    group,
    key: words.map((word) => word.toLowerCase()).join('-'),
    entity: words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(''),
    route: `/${FRAGMENT_MENU_GROUP}/${group}`,
    permissionKey: moduleName.toUpperCase(),
    fileName: `${group}.yaml`,
  };
}

/** The capabilities a designed module offers, in the README's order. */
export function fragmentCapabilities(module: DesignedModuleRow): string[] {
  return [
    'list',
    'info',
    'add',
    'edit',
    'delete',
    ...(module.is_recycle === 1 ? ['recycle', 'restore', 'destroy'] : []),
    ...(module.is_import === 1 ? ['import', 'export', 'importtemplate'] : []),
    ...(module.is_mylist === 1 ? ['mylist'] : []),
  ];
}

// --- fields ----------------------------------------------------------------------------------

function valueType(options: readonly FieldOption[] | undefined): YamlValue {
  if (options?.length && options.every((option) => Number.isInteger(option.value)))
    return 'integer';
  if (options?.length && options.every((option) => typeof option.value === 'string'))
    return 'string';
  // Options from a dictionary or a call: ids or codes.
  return ['integer', 'string'];
}

/** A scalar choice: its type, and its enum when the options are static and flat. */
function choiceSchema(field: DesignedField): YamlMap {
  const options =
    field.cf_sourcetype === 'API' || field.cf_sourcetype === 'DICTIONARY'
      ? undefined
      : field.optionData;
  const flat = options?.length && options.every((option) => !option.children?.length);
  return {
    type: valueType(options),
    ...(flat ? { enum: options.map((option) => option.value) } : {}),
  };
}

function numberParam(field: DesignedField, name: string): number | undefined {
  const raw = field.parameData?.[name];
  const n = raw === '' || raw === null || raw === undefined ? NaN : Number(raw);
  return Number.isFinite(n) ? n : undefined;
}

function textLength(field: DesignedField): number {
  const own = Number(field.cf_length);
  if (Number.isFinite(own) && own > 0) return own;
  return DEFAULT_MAX_LENGTH[field.cf_control] ?? (field.cf_control === 'editor' ? EDITOR_MAX : 50);
}

/** The JSON schema of a designed field's value, by control. */
function valueSchema(field: DesignedField): YamlMap {
  const control: ControlType = field.cf_control;
  const pattern =
    typeof field.parameData?.pattern === 'string' ? field.parameData.pattern : undefined;
  switch (control) {
    case 'input':
    case 'textarea':
    case 'editor':
      return { type: 'string', maxLength: textLength(field), pattern };
    case 'password':
      return { type: 'string', maxLength: textLength(field), pattern, writeOnly: true };
    case 'InputNumber': {
      const precision = numberParam(field, 'precision') ?? NUMBER_DEFAULTS.precision;
      return {
        type: precision === 0 ? 'integer' : 'number',
        minimum: numberParam(field, 'min') ?? NUMBER_DEFAULTS.min,
        maximum: numberParam(field, 'max') ?? NUMBER_DEFAULTS.max,
      };
    }
    case 'Slider':
      return {
        type: 'integer',
        minimum: numberParam(field, 'min') ?? 0,
        maximum: numberParam(field, 'max') ?? 100,
      };
    case 'Switch':
      return { type: 'integer', enum: [1, 2], description: '1 是（开），2 否（关）。' };
    case 'DatePicker':
      return { type: 'string', format: 'date', description: 'YYYY-MM-DD。' };
    case 'DateTimePicker':
      return { type: 'string', description: 'YYYY-MM-DD HH:mm。' };
    case 'TimePicker':
      return { type: 'string', description: 'HH:mm。' };
    case 'radio':
    case 'select':
    case 'SelectTree':
      return choiceSchema(field);
    case 'Department':
    case 'DepartmentAuth':
      return {
        type: 'integer',
        minimum: 1,
        description: `部门 ID（字典 ${control === 'Department' ? 'Dep' : 'DepAuth'}）。`,
      };
    case 'selectAll':
    case 'checkbox':
      return { type: 'array', uniqueItems: true, items: choiceSchema(field) };
    case 'city':
      return {
        type: 'array',
        maxItems: 2,
        items: { type: 'string', pattern: '^[0-9]{6}$' },
        description: '省、市行政区划代码路径，如 ["440000","440100"]。',
      };
    default:
      // The upload and attachment controls (UPLOAD_CONTROLS) store the files' JSON text.
      return {
        type: 'string',
        maxLength: FILE_TEXT_MAX,
        description: '附件 JSON 文本数组：[{att_id, att_title, att_url}]；空串表示无。',
      };
  }
}

/** The list column of a field (cf_islist 2: not listed). */
function columnOf(field: DesignedField): YamlValue {
  if (field.cf_islist === 2 || field.cf_control === 'password' || field.cf_control === 'editor')
    return false;
  if (field.cf_control === 'Switch') return { format: 'switch' };
  if (field.cf_control === 'InputNumber' || field.cf_control === 'Slider')
    return { format: 'number' };
  if (field.cf_control === 'UploadImg') return { format: 'image' };
  if (UPLOAD_CONTROLS.includes(field.cf_control)) return false;
  if (
    (field.cf_control === 'radio' || field.cf_control === 'select') &&
    field.cf_sourcetype !== 'API' &&
    field.cf_sourcetype !== 'DICTIONARY'
  )
    return { format: 'tag' };
  return true;
}

/** A static option as the fragment lists it (label and value, and what else it has). */
function optionYaml(option: FieldOption): YamlMap {
  return {
    label: option.label,
    value: option.value,
    disabled: option.disabled,
    children: option.children?.map(optionYaml),
  };
}

/**
 * A control parameter (parameData, read from a stored JSON text) as YAML: texts, numbers, flags
 * and lists or maps of them; anything else is left out.
 */
function yamlOf(value: unknown): YamlValue | undefined {
  if (value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return value;
  if (Array.isArray(value))
    return value.flatMap((item) => {
      const yaml = yamlOf(item);
      return yaml === undefined ? [] : [yaml];
    });
  if (typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, yamlOf(item)]));
  return undefined;
}

/** cf_default in the schema's type (numbers stay numbers); undefined when there is none. */
function defaultOf(field: DesignedField, schema: YamlMap): YamlValue | undefined {
  const given = field.cf_default;
  if (given === undefined || given === null || given === '') return undefined;
  if (schema.type === 'array') return undefined;
  const numeric = schema.type === 'integer' || schema.type === 'number';
  if (numeric || (Array.isArray(schema.type) && /^-?\d+$/.test(String(given)))) {
    const n = Number(given);
    return Number.isFinite(n) ? n : undefined;
  }
  return typeof given === 'boolean' ? given : String(given);
}

/** The field's x-admin, in the key order of the hand-written fragments. */
function fieldAdmin(field: DesignedField, schema: YamlMap): YamlMap {
  const { pattern: _pattern, format: _format, ...params } = field.parameData ?? {};
  const length = Number(field.cf_length);
  const text = field.cf_control === 'input' || field.cf_control === 'textarea';
  const sourced = field.cf_sourcetype ?? (field.optionData?.length ? 'STATIC' : undefined);
  return {
    label: field.cf_name,
    control: field.cf_control,
    column: columnOf(field),
    search: text && columnOf(field) !== false ? 'keyword' : undefined,
    required: field.cf_validate === 'require',
    length: Number.isFinite(length) && length > 0 ? length : undefined,
    placeholder: field.cf_placeholder ? field.cf_placeholder : undefined,
    default: defaultOf(field, schema),
    source: sourced,
    dictionary: sourced === 'DICTIONARY' && field.cf_dictionary ? field.cf_dictionary : undefined,
    method: sourced === 'API' && field.cf_method ? field.cf_method : undefined,
    options:
      sourced === 'STATIC' && field.optionData?.length
        ? field.optionData.map(optionYaml)
        : undefined,
    params: Object.keys(params).length ? yamlOf(params) : undefined,
    form: true,
  };
}

function propertyOf(field: DesignedField): YamlMap {
  const schema = valueSchema(field);
  return { ...schema, 'x-admin': fieldAdmin(field, schema) };
}

// --- calls -----------------------------------------------------------------------------------

interface Call {
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

function callsOf(capabilities: readonly string[], title: string, entity: string): Call[] {
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

function operation(call: Call, group: string, entity: string): YamlMap {
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

export interface ModuleFragment {
  names: FragmentNames;
  document: YamlMap;
}

/**
 * The fragment of a designed module. `fields` in form order; a primary-key field (cf_ispri 1)
 * is the record's `id`, which every fragment has anyway. `menuSort` is the place in the
 * 办理 (deal) menu group (`cli import-module` moves it to a free one when it is taken).
 */
export function moduleFragment(
  module: DesignedModuleRow,
  fields: readonly DesignedField[],
  menuSort = 1,
): ModuleFragment {
  const names = fragmentNames(module.module_name);
  const { group, entity } = names;
  const title = module.module_title;
  const capabilities = fragmentCapabilities(module);
  const designed = fields.filter((field) => field.cf_ispri !== 1);
  const properties: YamlMap = {
    id: {
      type: 'integer',
      minimum: 1,
      'x-admin': {
        label: 'ID',
        control: 'input',
        column: { format: 'number', sortable: true },
        required: false,
        form: false,
      },
    },
  };
  for (const field of designed) properties[field.cf_fieldname] = propertyOf(field);
  if (module.is_mylist === 1)
    properties.username = {
      type: 'string',
      maxLength: 50,
      description: '提交人账号，新增时由服务端写入（我的列表按它筛选）。',
      'x-admin': { label: '提交人', control: 'input', column: true, required: false, form: false },
    };
  properties.create_time = {
    type: 'integer',
    minimum: 0,
    description: '秒级时间戳，新增时由服务端写入。',
    'x-admin': {
      label: '创建时间',
      control: 'DateTimePicker',
      column: { format: 'datetime', sortable: true },
      required: false,
      form: false,
    },
  };
  const required = designed
    .filter((field) => field.cf_validate === 'require')
    .map((field) => field.cf_fieldname);

  const paths: YamlMap = {};
  for (const call of callsOf(capabilities, title, entity))
    paths[`/api/${group}/${call.action}`] = operation(call, group, entity);

  const document: YamlMap = {
    tags: [
      {
        name: group,
        description: `${title}（${names.route}）：由后台设计导出的模块。`,
        'x-inferred': true,
        'x-admin': {
          module: names.key,
          title,
          route: names.route,
          menu: { group: FRAGMENT_MENU_GROUP, icon: module.icon || DEFAULT_ICON, sort: menuSort },
          entity,
          primaryKey: 'id',
          createTimeField: 'create_time',
          ownerField: module.is_mylist === 1 ? 'username' : undefined,
          permissionKey: names.permissionKey,
          keepAlive: true,
          capabilities,
        },
      },
    ],
    paths,
    components: {
      schemas: {
        [entity]: {
          type: 'object',
          description: `${title}（后台设计导出）。`,
          'x-inferred': true,
          required: required.length ? required : undefined,
          properties,
        },
      },
    },
  };
  return { names, document };
}

/**
 * The fragment's file text: a header naming where it came from, then the YAML. The header
 * repeats texts typed in 后台设计, made comment-safe: a line break in a title would otherwise
 * end the comment and turn the rest of the title into YAML keys.
 */
export function moduleFragmentText(
  module: DesignedModuleRow,
  fields: readonly DesignedField[],
): { fileName: string; text: string } {
  const { names, document } = moduleFragment(module, fields);
  const header =
    `# /api/${yamlComment(names.group)}: ${yamlComment(module.module_title)}，由后台设计「导出契约」生成。\n` +
    `# 放入项目：npm run cli -- import-module ${yamlComment(names.fileName)}，然后 npm run cli -- generate。\n\n`;
  return { fileName: names.fileName, text: header + toYaml(document) };
}
