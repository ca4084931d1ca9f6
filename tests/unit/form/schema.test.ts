// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import {
  buildFormSchema,
  defaultValuesOf,
  optionSourceOf,
  sanitizeText,
  type FieldDefinition,
} from '@/components/form';

/** The first message the schema gives for a value, or null when it passes. */
function messageFor(field: FieldDefinition, value: unknown): string | null {
  try {
    buildFormSchema([field]).validateSync({ [field.cf_fieldname]: value });
    return null;
  } catch (error) {
    return (error as ValidationError).message;
  }
}

const qty: FieldDefinition = { cf_name: '数量', cf_fieldname: 'qty', cf_control: 'InputNumber' };

describe('number rules (min 1, max 99999, precision 2 by default)', () => {
  it.each([
    { given: 0, want: '数量不能小于1' },
    { given: 1, want: null },
    { given: 99999, want: null },
    { given: 100000, want: '数量不能大于99999' },
    { given: 1.25, want: null },
    { given: 1.234, want: '数量最多保留2位小数' },
    { given: '', want: null },
    { given: null, want: null },
  ])('$given → $want', ({ given, want }) => {
    expect(messageFor(qty, given)).toBe(want);
  });

  it('parameData overrides the bounds and precision', () => {
    const field = { ...qty, parameData: { min: '10', max: '20', precision: 0 } };
    expect(messageFor(field, 9)).toBe('数量不能小于10');
    expect(messageFor(field, 21)).toBe('数量不能大于20');
    expect(messageFor(field, 12.5)).toBe('数量必须是整数');
    expect(messageFor(field, 15)).toBeNull();
  });

  it('a required number asks for it by name', () => {
    expect(messageFor({ ...qty, cf_validate: 'require' }, null)).toBe('请输入数量');
  });
});

describe('required and length rules', () => {
  it.each([
    { control: 'input', value: '', want: '请输入标题' },
    { control: 'textarea', value: ' ', want: '请输入标题' },
    { control: 'select', value: null, want: '必选项！' },
    { control: 'radio', value: undefined, want: '必选项！' },
    { control: 'checkbox', value: [], want: '必选项！' },
    { control: 'selectAll', value: [], want: '必选项！' },
    { control: 'DatePicker', value: null, want: '请选择标题' },
    { control: 'SelectTree', value: null, want: '必选项！' },
    { control: 'Department', value: '', want: '必选项！' },
    { control: 'DepartmentAuth', value: null, want: '必选项！' },
    { control: 'city', value: [], want: '必选项！' },
    { control: 'TimePicker', value: '', want: '请选择标题' },
    { control: 'select', value: 0, want: null },
  ] as const)('$control required with $value → $want', ({ control, value, want }) => {
    expect(
      messageFor(
        { cf_name: '标题', cf_fieldname: 'f', cf_control: control, cf_validate: 'require' },
        value,
      ),
    ).toBe(want);
  });

  it('counts length after trimming and stripping emoji', () => {
    const field: FieldDefinition = {
      cf_name: '标题',
      cf_fieldname: 'f',
      cf_control: 'input',
      cf_length: 4,
    };
    expect(messageFor(field, '  一二三四😀  ')).toBeNull();
    expect(messageFor(field, '一二三四五')).toBe('标题最多4个字符');
  });
});

describe('a password control follows the password rules (spec section 5)', () => {
  const field: FieldDefinition = {
    cf_name: '登录密码',
    cf_fieldname: 'password',
    cf_control: 'password',
    cf_length: 20,
  };
  it.each([
    { value: 'abc', want: '密码长度8到20个字符' },
    { value: 'abcdefgh', want: '必须包含数字、大小写字母和特殊符号' },
    { value: 'Abcdefg1', want: '必须包含数字、大小写字母和特殊符号' },
    { value: 'Abcdef1@', want: null },
    { value: '', want: null },
  ])('$value → $want', ({ value, want }) => {
    expect(messageFor(field, value)).toBe(want);
  });
});

describe('sanitizeText', () => {
  it.each([
    { given: '  你好  ', want: '你好' },
    { given: '会议😀通知', want: '会议通知' },
    // Keycaps: digit / # / * + U+FE0F + U+20E3, and the older form without U+FE0F.
    { given: '第1\uFE0F\u20E3名', want: '第名' },
    { given: '排名：1️⃣2️⃣3️⃣', want: '排名：' },
    { given: '#️⃣话题*️⃣', want: '话题' },
    { given: '0\u20E3号', want: '号' },
    // Skin tones, on emoji-style and on text-style bases.
    { given: '👍🏽点赞', want: '点赞' },
    { given: '☝🏿举手', want: '举手' },
    { given: '🏽单独的肤色', want: '单独的肤色' },
    // ZWJ sequences, including components without U+FE0F.
    { given: '家庭👨‍👩‍👧', want: '家庭' },
    { given: '程序员👩🏽‍💻', want: '程序员' },
    { given: '留胡子🧔‍♂', want: '留胡子' },
    { given: '心火❤️‍🔥', want: '心火' },
    { given: '彩虹旗🏳️‍🌈', want: '彩虹旗' },
    // Flags: regional-indicator pairs, a lone indicator, tag sequences.
    { given: '国旗🇨🇳', want: '国旗' },
    { given: '🇺🇸🇯🇵两面旗', want: '两面旗' },
    { given: '半个🇨', want: '半个' },
    { given: '苏格兰🏴󠁧󠁢󠁳󠁣󠁴󠁿', want: '苏格兰' },
    // Variation selectors: emoji style is stripped with its character.
    { given: '爱心❤️', want: '爱心' },
    { given: '晴天☀️', want: '晴天' },
    { given: '星星⭐', want: '星星' },
    { given: '打勾✅完成', want: '打勾完成' },
    { given: '麻将🀄', want: '麻将' },
    // A pictograph newer than most engines' Unicode tables (U+1FAE8, Unicode 15).
    { given: '震动🫨', want: '震动' },
    // Kept: digits, #, *, CJK text and punctuation, text-style symbols.
    { given: 'A1#*中文', want: 'A1#*中文' },
    { given: '电话：010-12345678 #2', want: '电话：010-12345678 #2' },
    { given: '《通知》（第2版）——请查收！', want: '《通知》（第2版）——请查收！' },
    { given: '©2024 某公司™ 保留所有权利®', want: '©2024 某公司™ 保留所有权利®' },
    { given: '上海↔北京 ①②③ ★☆ ○●', want: '上海↔北京 ①②③ ★☆ ○●' },
    { given: '𠮷野家 〇 々', want: '𠮷野家 〇 々' },
    { given: 'x² + y³ = 100%', want: 'x² + y³ = 100%' },
    { given: '😀 ', want: '' },
  ])('$given → $want', ({ given, want }) => {
    expect(sanitizeText(given)).toBe(want);
  });
});

describe('defaultValuesOf', () => {
  it('types the defaults per control and lets a record override them', () => {
    const fields: FieldDefinition[] = [
      { cf_name: '标题', cf_fieldname: 'title', cf_control: 'input' },
      { cf_name: '启用', cf_fieldname: 'on', cf_control: 'Switch' },
      { cf_name: '数量', cf_fieldname: 'qty', cf_control: 'InputNumber', cf_default: '3' },
      { cf_name: '标签', cf_fieldname: 'tags', cf_control: 'checkbox', cf_default: 'a,b' },
    ];
    expect(defaultValuesOf(fields)).toEqual({ title: '', on: 2, qty: 3, tags: ['a', 'b'] });
    expect(defaultValuesOf(fields, { title: '公告', on: 1, tags: 'c' })).toEqual({
      title: '公告',
      on: 1,
      qty: 3,
      tags: ['c'],
    });
  });
});

describe('option sources', () => {
  it.each([
    {
      field: { cf_control: 'Department' },
      want: { kind: 'dictionary', parentCode: 'Dep', isAll: false },
    },
    {
      field: { cf_control: 'DepartmentAuth' },
      want: { kind: 'dictionary', parentCode: 'DepAuth', isAll: false },
    },
    {
      field: {
        cf_control: 'select',
        cf_sourcetype: 'DICTIONARY',
        cf_dictionary: 'SEX',
        parameData: { isAll: 1 },
      },
      want: { kind: 'dictionary', parentCode: 'SEX', isAll: true },
    },
    {
      field: { cf_control: 'select', cf_sourcetype: 'API', cf_method: 'adminuser' },
      want: { kind: 'api', method: 'adminuser' },
    },
    {
      field: { cf_control: 'city' },
      want: { kind: 'district' },
    },
    {
      field: { cf_control: 'select', cf_sourcetype: 'STATIC', optionData: [] },
      want: { kind: 'static', options: [] },
    },
  ] as const)('$field.cf_control $field.cf_sourcetype → $want.kind', ({ field, want }) => {
    expect(
      optionSourceOf({ cf_name: 'x', cf_fieldname: 'x', ...field } as FieldDefinition),
    ).toEqual(want);
  });
});
