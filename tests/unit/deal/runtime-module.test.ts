// @vitest-environment node
/** The generic deal module's definition, built at run time from cf_* field definitions. */
import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '@/core/field-definition';
import {
  columnOf,
  isListField,
  isModuleName,
  runtimeModuleDefinition,
} from '@/features/deal/runtime-module';
import { moduleHref, moduleParam } from '@/features/deal/use-runtime-module';

const fields: (FieldDefinition & { cf_islist?: number })[] = [
  { cf_name: 'ID', cf_fieldname: 'id', cf_control: 'input', cf_ispri: 1 },
  { cf_name: '申请标题', cf_fieldname: 'title', cf_control: 'input', cf_validate: 'require' },
  {
    cf_name: '采购类别',
    cf_fieldname: 'category',
    cf_control: 'select',
    cf_sourcetype: 'STATIC',
    optionData: [
      { label: '办公用品', value: 1 },
      { label: '电子设备', value: 2 },
    ],
  },
  {
    cf_name: '办理部门',
    cf_fieldname: 'dep_id',
    cf_control: 'Department',
    cf_sourcetype: 'DICTIONARY',
    cf_dictionary: 'Dep',
  },
  { cf_name: '说明', cf_fieldname: 'remark', cf_control: 'textarea' },
  { cf_name: '预算', cf_fieldname: 'budget', cf_control: 'InputNumber', cf_islist: 2 },
  { cf_name: '附件', cf_fieldname: 'files', cf_control: 'UploadFileArr' },
  { cf_name: '封面', cf_fieldname: 'cover', cf_control: 'UploadImg' },
];

describe('runtimeModuleDefinition', () => {
  const module = runtimeModuleDefinition({
    name: 'Purchase',
    title: '采购申请',
    route: '/deal/common/list',
    fields,
  });

  it('calls the generic /api/{module} paths with the lower-cased name and guards with <MODULE>_*', () => {
    expect(module.group).toBe('purchase');
    expect(module.permissionKey).toBe('PURCHASE');
    expect(module.primaryKey).toBe('id');
    expect(module.capabilities).toEqual(
      expect.arrayContaining(['mylist', 'recycle', 'restore', 'destroy', 'import', 'export']),
    );
    for (const call of ['list', 'mylist', 'recycle', 'info', 'add', 'edit', 'delete'] as const)
      expect(module.api[call]).toBeTypeOf('function');
  });

  it('the form has every field; the list shows the list-visible ones, options as labels', () => {
    expect(module.fields.map((field) => field.cf_fieldname)).toEqual(
      fields.map((field) => field.cf_fieldname),
    );
    expect(module.columns.map((column) => column.header)).toEqual([
      'ID',
      '申请标题',
      '采购类别',
      '办理部门',
      '封面',
    ]);
    expect(columnOf(fields[2]!)).toMatchObject({ format: 'tag', options: fields[2]!.optionData });
    expect(columnOf(fields[3]!)).toMatchObject({
      format: 'tag',
      optionSource: { cf_sourcetype: 'DICTIONARY', cf_dictionary: 'Dep' },
    });
    expect(columnOf(fields[7]!).format).toBe('image');
  });

  it('the designer’s 列表显示 decides when it is sent', () => {
    expect(isListField({ ...fields[4]!, cf_islist: 1 } as FieldDefinition)).toBe(true);
    expect(isListField({ ...fields[1]!, cf_islist: 2 } as FieldDefinition)).toBe(false);
  });
});

describe('module names and addresses', () => {
  it('accepts identifiers only', () => {
    expect(isModuleName('common')).toBe(true);
    expect(isModuleName('Purchase_2')).toBe(true);
    expect(isModuleName('../admin')).toBe(false);
    expect(isModuleName('')).toBe(false);
  });

  it('the default module needs no ?module=; others keep it across list, add and edit', () => {
    expect(moduleHref('/deal/common/list', 'common')).toBe('/deal/common/list');
    expect(moduleHref('/deal/common/edit', 'purchase', { id: '3' })).toBe(
      '/deal/common/edit?id=3&module=purchase',
    );
    expect(moduleParam('?id=3&module=purchase')).toBe('purchase');
    expect(moduleParam('')).toBe('');
  });
});
