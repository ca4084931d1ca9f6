// @vitest-environment node
/**
 * Graduating a designed module into the contract, on a copy of the real contract: the module
 * designer's fragment (导出契约, src/features/designer/module-fragment) → `cli import-module` →
 * `cli generate` → the generated module's form fields are the designed ones (names, controls,
 * required, lengths, options, sources, parameters). import-module refuses to overwrite without --force,
 * refuses a fragment the contract rejects (writing nothing), and moves a taken menu place.
 */
import { access, cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '@/core/field-definition';
import {
  moduleFragmentText,
  type DesignedField,
  type DesignedModuleRow,
} from '@/features/designer/module-fragment';
import { REPO, runCli, tempDir, typecheckGenerated } from './helpers';

const MODULE: DesignedModuleRow = {
  module_title: '采购申请',
  module_name: 'Purchase',
  icon: 'pi pi-shopping-cart',
  is_recycle: 1,
  is_import: 2,
  is_mylist: 1,
};

/** Fields of several controls, as 字段管理 stores them (primary key first, as the seed's Deal). */
const FIELDS: DesignedField[] = [
  { cf_name: 'ID', cf_fieldname: 'id', cf_control: 'input', cf_ispri: 1 },
  {
    cf_name: '申请标题',
    cf_fieldname: 'purchase_title',
    cf_control: 'input',
    cf_placeholder: '请输入申请标题',
    cf_length: 30,
    cf_validate: 'require',
    cf_ispri: 0,
  },
  {
    cf_name: '申请编号',
    cf_fieldname: 'purchase_no',
    cf_control: 'input',
    cf_length: 12,
    cf_ispri: 0,
    parameData: { pattern: '^CG[0-9]{10}$' },
  },
  { cf_name: '申请说明', cf_fieldname: 'remark', cf_control: 'textarea', cf_length: 300 },
  {
    cf_name: '采购数量',
    cf_fieldname: 'amount',
    cf_control: 'InputNumber',
    cf_validate: 'require',
    parameData: { min: 1, max: 500, precision: 0, step: 1 },
  },
  {
    cf_name: '紧急程度',
    cf_fieldname: 'urgency',
    cf_control: 'radio',
    cf_default: '1',
    cf_validate: 'require',
    cf_sourcetype: 'STATIC',
    optionData: [
      { label: '一般', value: 1 },
      { label: '紧急', value: 2 },
    ],
  },
  {
    cf_name: '采购渠道',
    cf_fieldname: 'channels',
    cf_control: 'selectAll',
    cf_sourcetype: 'STATIC',
    optionData: [
      { label: '线上商城', value: 'online' },
      { label: '线下门店', value: 'store' },
    ],
  },
  {
    cf_name: '审批角色',
    cf_fieldname: 'role_id',
    cf_control: 'select',
    cf_sourcetype: 'API',
    cf_method: 'adminrole',
  },
  {
    cf_name: '申请部门',
    cf_fieldname: 'dep_id',
    cf_control: 'Department',
    cf_validate: 'require',
    cf_sourcetype: 'DICTIONARY',
    cf_dictionary: 'Dep',
  },
  { cf_name: '到货日期', cf_fieldname: 'arrive_date', cf_control: 'DatePicker' },
  { cf_name: '送货时段', cf_fieldname: 'arrive_time', cf_control: 'TimePicker' },
  { cf_name: '加急', cf_fieldname: 'is_rush', cf_control: 'Switch', cf_default: '2' },
  { cf_name: '收货城市', cf_fieldname: 'city', cf_control: 'city', cf_islist: 2 },
  {
    cf_name: '满意度',
    cf_fieldname: 'score',
    cf_control: 'Slider',
    parameData: { min: 0, max: 10, step: 1 },
  },
];

/** What a form field is made of, as the comparison sees it. */
function shape(field: FieldDefinition) {
  return {
    cf_name: field.cf_name,
    cf_fieldname: field.cf_fieldname,
    cf_control: field.cf_control,
    required: field.cf_validate === 'require',
    cf_length: field.cf_length,
    optionData: field.optionData,
    cf_sourcetype: field.cf_sourcetype,
    cf_dictionary: field.cf_dictionary,
    cf_method: field.cf_method,
    parameData: field.parameData,
  };
}

/**
 * The `fields: [...]` list of a generated module file, read as the data it is (the generator
 * writes plain object literals, formatted by prettier).
 */
function generatedFields(source: string): FieldDefinition[] {
  const start = source.indexOf('  fields: [');
  const end = source.indexOf('\n  ],\n', start);
  expect(start).toBeGreaterThan(0);
  const literal = source.slice(start + '  fields: '.length, end + '\n  ]'.length);
  // eslint-disable-next-line @typescript-eslint/no-implied-eval, @typescript-eslint/no-unsafe-call -- evaluates the generated literal to read it back
  return new Function(`return ${literal};`)() as FieldDefinition[];
}

async function contractCopy(prefix: string): Promise<string> {
  const dir = await tempDir(prefix);
  await cp(path.join(REPO, 'openapi'), path.join(dir, 'openapi'), { recursive: true });
  return dir;
}

describe('a designed module graduates into the contract', () => {
  it('fragment → import-module → generate gives a module with the designed form', async () => {
    const dir = await contractCopy('import-module');
    const { fileName, text } = moduleFragmentText(MODULE, FIELDS);
    expect(fileName).toBe('purchase.yaml');
    await writeFile(path.join(dir, fileName), text);

    const imported = runCli(['import-module', fileName], dir);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain(
      'created openapi/paths/purchase.yaml (module purchase); now run: npm run cli -- generate',
    );

    // A second import without --force leaves the fragment alone; with it, replaces it.
    const again = runCli(['import-module', fileName], dir);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(
      'openapi/paths/purchase.yaml already exists; import-module never overwrites a fragment without --force',
    );
    const forced = runCli(['import-module', fileName, '--force'], dir);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toContain('replaced openapi/paths/purchase.yaml');

    const generated = runCli(['generate'], dir);
    expect(generated.code, generated.stderr).toBe(0);
    const source = await readFile(path.join(dir, 'generated/modules/purchase.ts'), 'utf8');
    const fields = generatedFields(source);
    // The record's id is carried as the primary key, hidden in the form.
    expect(fields[0]).toMatchObject({ cf_fieldname: 'id', cf_ispri: 1 });
    expect(fields.slice(1).map(shape)).toEqual(FIELDS.slice(1).map(shape));

    expect(source).toContain("permissionKey: 'PURCHASE'");
    expect(source.replace(/\s+/g, ' ')).toContain(
      "capabilities: [ 'list', 'info', 'add', 'edit', 'delete', 'recycle', 'restore', 'destroy', 'mylist', ]",
    );
    const screens = await readFile(path.join(dir, 'generated/screens.ts'), 'utf8');
    expect(screens).toMatch(
      /'\/deal\/purchase': \{\s+path: '\/deal\/purchase',\s+title: '采购申请'/,
    );
    expect(await typecheckGenerated(path.join(dir, 'generated'))).toEqual([]);
  }, 300_000);

  it('refuses a fragment the contract rejects and writes nothing', async () => {
    const dir = await contractCopy('import-module-bad');
    // The group is new, but its record schema's name is the designer's own ModuleField.
    const { text } = moduleFragmentText({ ...MODULE, module_name: 'ModuleField' }, FIELDS);
    await writeFile(path.join(dir, 'modulefield.yaml'), text);
    const taken = runCli(['import-module', 'modulefield.yaml'], dir);
    expect(taken.code).toBe(3);
    expect(taken.stderr).toContain('ModuleField');
    expect(taken.stderr).toContain('paths/field.yaml');
    await expect(access(path.join(dir, 'openapi/paths/modulefield.yaml'))).rejects.toThrow();

    const broken = moduleFragmentText(MODULE, [
      { cf_name: '标题', cf_fieldname: 'title', cf_control: 'input', cf_length: 10 },
    ]).text.replace('control: input', 'control: Input');
    await writeFile(path.join(dir, 'purchase.yaml'), broken);
    const refused = runCli(['import-module', 'purchase.yaml'], dir);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('control "Input" is not one of the spec\'s control types');
    await expect(access(path.join(dir, 'openapi/paths/purchase.yaml'))).rejects.toThrow();
  }, 120_000);

  it('moves a taken menu place to the first free one of the group', async () => {
    const dir = await contractCopy('import-module-menu');
    const { text } = moduleFragmentText(MODULE, FIELDS.slice(0, 2));
    // Place 1 of the deal group is the generic module's.
    await writeFile(path.join(dir, 'purchase.yaml'), text);
    const imported = runCli(['import-module', 'purchase.yaml'], dir);
    expect(imported.code, imported.stderr).toBe(0);
    const moved = /menu place 1 is taken; the screen gets place (\d+)/.exec(imported.stdout);
    expect(moved).not.toBeNull();
    expect(Number(moved![1])).toBeGreaterThan(1);
    const written = await readFile(path.join(dir, 'openapi/paths/purchase.yaml'), 'utf8');
    expect(written).toContain(
      `menu: { group: deal, icon: pi pi-shopping-cart, sort: ${moved![1]} }`,
    );
    expect(written.startsWith('# /api/purchase: 采购申请，由后台设计「导出契约」生成。')).toBe(
      true,
    );
  }, 120_000);
});
