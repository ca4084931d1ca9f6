/**
 * `new-module` scaffolding: a new contract fragment (openapi/paths/<name>.yaml) with a CRUD
 * group — list/info/add/edit/delete, an entity with a few x-admin fields and seeds — so that
 * `new-module` + `generate` yields a typed page, module and mock without touching
 * hand-written files. Pure text rendering; the caller writes (refusing to overwrite).
 */
import { access, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isJson } from '../json';
import { buildModules } from '../model/build-modules';
import { pascalCase } from '../model/names';
import { moduleRoute } from '../model/route';
import { loadContract } from '../parse/load-contract';

export interface NewModuleOptions {
  /** The /api group, lower-case letters and digits (e.g. `adminarticle`). */
  name: string;
  title?: string;
  route?: string;
  /** Top-level menu group (`amenu_routername`) the screen joins; default `system`. */
  menuGroup?: string;
}

/** Where the new screen goes in the menu: its group and the first free place in it. */
export interface MenuPlace {
  group: string;
  sort: number;
}

const GROUP = /^[a-z][a-z0-9]*$/;

/**
 * @example
 * const yaml = scaffoldModule({ name: 'adminarticle', title: '文章管理' });
 * yaml.includes('operationId: adminarticleList'); // true
 */
function scaffoldModule({ name, title, route }: NewModuleOptions, menu?: MenuPlace): string {
  if (!GROUP.test(name))
    throw new Error(`module name "${name}" must be lower-case letters and digits (the /api group)`);
  const screenTitle = title ?? `${name}管理`;
  const entity = pascalCase(name);
  // A group name (lower-case letters and digits) is already a kebab-case module key.
  const key = name;
  const screenRoute = route ?? `/system/${key}`;
  const op = (
    action: string,
    method: 'get' | 'post',
    summary: string,
    capability: string,
    body?: string,
    list = false,
  ) => {
    const lines = [
      `  /api/${name}/${action}:`,
      `    ${method}:`,
      `      operationId: ${name}${action.charAt(0).toUpperCase()}${action.slice(1)}`,
      `      tags: [${name}]`,
      `      summary: ${summary}`,
      `      x-inferred: true`,
      `      x-admin: { capability: ${capability} }`,
    ];
    if (list) {
      lines.push(
        '      parameters:',
        "        - $ref: '#/components/parameters/PageIndex'",
        "        - $ref: '#/components/parameters/PageSize'",
        "        - $ref: '#/components/parameters/Keyword'",
      );
    }
    if (body) {
      lines.push(
        '      requestBody:',
        '        required: true',
        '        content:',
        '          application/json:',
        `            schema: { $ref: '#/components/schemas/${body}' }`,
      );
    }
    const schema = list
      ? `${entity}ListEnvelope`
      : action === 'info'
        ? `${entity}Envelope`
        : 'EmptyEnvelope';
    lines.push(
      '      responses:',
      "        '200':",
      '          description: 成功',
      '          content:',
      '            application/json:',
      `              schema: { $ref: '#/components/schemas/${schema}' }`,
    );
    return lines.join('\n');
  };
  return `# ${screenTitle}: scaffolded by \`npm run cli -- new-module ${name}\`; edit freely.
tags:
  - name: ${name}
    description: ${screenTitle}
    x-inferred: true
    x-admin:
      module: ${key}
      title: ${screenTitle}
      route: ${screenRoute}
      entity: ${entity}
      primaryKey: id
      statusField: status
      createTimeField: create_time
      permissionKey: ${name.toUpperCase()}
      keepAlive: true
${menu ? `      menu: { group: ${menu.group}, icon: 'pi pi-table', sort: ${menu.sort} }\n` : ''}      capabilities: [list, info, add, edit, delete]
paths:
${op('list', 'get', `${screenTitle}列表`, 'list', undefined, true)}
${op('info', 'post', `${screenTitle}详情`, 'info', 'IdObjectBody')}
${op('add', 'post', `新增${screenTitle}`, 'add', entity)}
${op('edit', 'post', `编辑${screenTitle}`, 'edit', entity)}
${op('delete', 'post', `删除${screenTitle}`, 'delete', 'IdObjectBody')}
components:
  schemas:
    ${entity}:
      type: object
      x-inferred: true
      required: [id, title]
      properties:
        id:
          type: integer
          x-admin: { label: 编号, control: input, form: false, column: { sortable: true } }
        title:
          type: string
          maxLength: 100
          x-admin: { label: 标题, control: input, column: true, search: keyword, required: true, length: 100, placeholder: 请输入标题 }
        status:
          type: integer
          enum: [1, 2]
          x-admin:
            label: 状态
            control: Switch
            column: { format: switch }
            search: filter
            default: 1
            source: STATIC
            options: [{ label: 启用, value: 1 }, { label: 禁用, value: 2 }]
        create_time:
          type: integer
          x-admin: { label: 创建时间, control: DateTimePicker, form: false, column: { format: datetime } }
      x-admin:
        seed:
          - { id: 1, title: 示例记录一, status: 1, create_time: 1763600000 }
          - { id: 2, title: 示例记录二, status: 2, create_time: 1763700000 }
    ${entity}Envelope:
      allOf:
        - $ref: '#/components/schemas/Envelope'
        - type: object
          properties:
            data: { $ref: '#/components/schemas/${entity}' }
    ${entity}ListEnvelope:
      allOf:
        - $ref: '#/components/schemas/Envelope'
        - type: object
          properties:
            data:
              allOf:
                - $ref: '#/components/schemas/ListPageMeta'
                - type: object
                  required: [data]
                  properties:
                    data:
                      type: array
                      items: { $ref: '#/components/schemas/${entity}' }
`;
}

/**
 * The menu place of a new screen when the contract has a menu table (x-admin.menuTable): the
 * first sort in the group that no seeded row and no other screen uses. Without a menu table
 * the screen is scaffolded outside the menu.
 */
export async function menuPlace(
  contractDir: string,
  group: string,
): Promise<MenuPlace | undefined> {
  const modules = buildModules((await loadContract(contractDir)).document);
  const table = modules.find((m) => m.menuTable);
  if (!table) return undefined;
  const rows = table.seed.filter(isJson);
  const groupRow = rows.find(
    (row) => Number(row.amenu_pid) === 0 && row.amenu_routername === group,
  );
  if (!groupRow) {
    const groups = rows.filter((row) => Number(row.amenu_pid) === 0).map((r) => r.amenu_routername);
    throw new Error(`menu group "${group}" is not a top-level menu (${groups.join(', ')})`);
  }
  const groupId = Number(groupRow.amenu_id);
  const used = new Set(
    rows.filter((row) => Number(row.amenu_pid) === groupId).map((row) => Number(row.amenu_id)),
  );
  for (let sort = 1; sort <= 99; sort += 1)
    if (!used.has(groupId * 100 + sort)) return { group, sort };
  throw new Error(`menu group "${group}" has no free place left (sorts 1..99 are taken)`);
}

/**
 * Writes the fragment; refuses to overwrite an existing file. Returns the path written.
 *
 * @example await writeModuleFragment('openapi', { name: 'adminarticle' }) // 'openapi/paths/adminarticle.yaml'
 */
export async function writeModuleFragment(
  contractDir: string,
  options: NewModuleOptions,
  dryRun = false,
): Promise<{ file: string; content: string }> {
  const file = path.join(contractDir, 'paths', `${options.name}.yaml`);
  // The flags are checked as generate would check the fragment, a dry run included: a route
  // generate refuses is refused here, before a file is written or a fragment printed.
  if (options.route !== undefined) moduleRoute(options.route);
  const menu = await menuPlace(contractDir, options.menuGroup ?? 'system');
  const content = scaffoldModule(options, menu);
  const exists = await access(file).then(
    () => true,
    () => false,
  );
  if (exists) throw new Error(`${file} already exists; new-module never overwrites a fragment`);
  if (!dryRun) {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content, { flag: 'wx' });
  }
  return { file, content };
}
