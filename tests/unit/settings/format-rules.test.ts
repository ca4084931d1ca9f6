// @vitest-environment node
/**
 * Text formats of the contract become form rules: the generator carries `format: email`,
 * `format: uri` and a phone `pattern` into parameData, and the form refuses a bad value with
 * a Chinese message that names the field (管理员管理's 手机号 T504074 and 邮箱 T504075).
 */
import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { fieldFormat } from '../../../generator/model/field-format';
import { fieldModel } from '../../../generator/model/field-definition';
import { buildFormSchema } from '@/components/form/schema';
import type { FieldDefinition } from '@/core/field-definition';
import { userModule } from '@generated/modules/user';

async function messageOf(fields: FieldDefinition[], values: Record<string, unknown>) {
  try {
    await buildFormSchema(fields).validate(values, { abortEarly: false });
    return [];
  } catch (error) {
    if (error instanceof ValidationError) return error.errors;
    throw error;
  }
}

describe('fieldFormat (generator)', () => {
  it.each([
    [{ type: 'string', format: 'email' }, { format: 'email' }],
    [{ type: 'string', format: 'uri' }, { format: 'url' }],
    [{ type: 'string', anyOf: [{ format: 'email' }, { maxLength: 0 }] }, { format: 'email' }],
    [
      { type: 'string', pattern: '^$|^1[3-9][0-9]{9}$' },
      { format: 'phone', pattern: '^$|^1[3-9][0-9]{9}$' },
    ],
    [
      { type: 'string', pattern: '^1[3-9]\\d{9}$' },
      { format: 'phone', pattern: '^1[3-9]\\d{9}$' },
    ],
    [{ type: 'string', pattern: '^[0-9]{6}$' }, { pattern: '^[0-9]{6}$' }],
    [{ type: 'string', maxLength: 20 }, undefined],
  ])('%j → %j', (schema, expected) => {
    expect(fieldFormat(schema)).toEqual(expected);
  });

  it('puts the rules into parameData next to the control parameters', () => {
    const model = fieldModel(
      'site',
      { label: '网址', control: 'input', params: { min: 1 } },
      { type: 'string', format: 'uri' },
      'id',
    );
    expect(model.definition.parameData).toEqual({ min: 1, format: 'url' });
  });

  it('leaves a number property alone', () => {
    const model = fieldModel(
      'n',
      { label: '数', control: 'InputNumber' },
      { type: 'integer' },
      'id',
    );
    expect(model.definition.parameData).toBeUndefined();
  });
});

describe('format rules of the form', () => {
  const userFields = userModule.fields.filter((f) => ['mobile', 'email'].includes(f.cf_fieldname));

  it('管理员管理 refuses 手机号 T504074 and 邮箱 T504075 with clear messages', async () => {
    expect(await messageOf(userFields, { mobile: 'T504074', email: 'T504075' })).toEqual([
      '手机号格式不正确，请输入11位手机号码',
      '邮箱格式不正确，请输入正确的邮箱地址',
    ]);
  });

  it('accepts a real mobile number and address, and empty optional values', async () => {
    expect(await messageOf(userFields, { mobile: '13800138000', email: 'a@b.cn' })).toEqual([]);
    expect(await messageOf(userFields, { mobile: '', email: '' })).toEqual([]);
  });

  it.each([
    ['url', 'ftp//x', '主页格式不正确，请输入以 http:// 或 https:// 开头的网址'],
    ['url', 'https://example.com/a?b=1', undefined],
    ['phone', '1380013800', '主页格式不正确，请输入11位手机号码'],
    ['email', 'a@b', '主页格式不正确，请输入正确的邮箱地址'],
  ])('format %s, value %s', async (format, value, message) => {
    const field: FieldDefinition = {
      cf_name: '主页',
      cf_fieldname: 'home',
      cf_control: 'input',
      cf_length: 100,
      parameData: { format },
    };
    expect(await messageOf([field], { home: value })).toEqual(message ? [message] : []);
  });

  it('a plain pattern says 格式不正确; required still comes first', async () => {
    const field: FieldDefinition = {
      cf_name: '区划代码',
      cf_fieldname: 'code',
      cf_control: 'input',
      cf_validate: 'require',
      parameData: { pattern: '^[0-9]{6}$' },
    };
    expect(await messageOf([field], { code: '44010' })).toEqual(['区划代码格式不正确']);
    expect(await messageOf([field], { code: '' })).toEqual(['请输入区划代码']);
    expect(await messageOf([field], { code: '440100' })).toEqual([]);
  });
});
