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
 * the CLI. Its parts: ./fragment-fields.ts (each field's schema and x-admin) and
 * ./fragment-calls.ts (the capabilities' operations); this file names them and assembles the tag,
 * paths and entity schema.
 */
import { toYaml, yamlComment, type YamlMap } from '@/core/yaml-text';
import { callsOf, operation } from './fragment-calls';
import { propertyOf, type DesignedField } from './fragment-fields';

export type { DesignedField } from './fragment-fields';

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

/** The top-level menu a graduated module joins, and the icon when the module names none. */
export const FRAGMENT_MENU_GROUP = 'deal';
const DEFAULT_ICON = 'pi pi-table';

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
