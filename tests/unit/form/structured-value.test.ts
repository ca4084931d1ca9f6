// @vitest-environment node
/**
 * Fields whose stored value is a list, an object, a boolean or another resource's record (an
 * imported API's `photoUrls`, `category`, `complete`, `author`): the form shows them as text
 * one per line, as JSON, as the Switch or as a select by key, refuses text that is not JSON
 * with the field's name, and gives the stored value back.
 */
import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { buildFormSchema, defaultValuesOf, type FieldDefinition } from '@/components/form';
import type { OptionsFrom } from '@/core/field-definition';
import { installOptionsFromLoader } from '@/core/options-from';

const photos: FieldDefinition = {
  cf_name: '图片地址',
  cf_fieldname: 'photoUrls',
  cf_control: 'textarea',
  cf_validate: 'require',
  valueFormat: 'lines',
};
const category: FieldDefinition = {
  cf_name: '分类',
  cf_fieldname: 'category',
  cf_control: 'textarea',
  valueFormat: 'json',
};
const complete: FieldDefinition = {
  cf_name: '已完成',
  cf_fieldname: 'complete',
  cf_control: 'Switch',
  valueFormat: 'boolean',
};
const fields = [photos, category, complete];

function submitted(values: Record<string, unknown>): Record<string, unknown> {
  return buildFormSchema(fields).validateSync(values);
}

function messageFor(values: Record<string, unknown>): string | null {
  try {
    submitted(values);
    return null;
  } catch (error) {
    return error instanceof ValidationError ? error.message : String(error);
  }
}

describe('list, object and boolean fields', () => {
  it('shows a record’s values as the controls hold them', () => {
    expect(
      defaultValuesOf(fields, {
        photoUrls: ['https://a/1.png', 'https://a/2.png'],
        category: { id: 1, name: '狗' },
        complete: true,
      }),
    ).toEqual({
      photoUrls: 'https://a/1.png\nhttps://a/2.png',
      category: '{\n  "id": 1,\n  "name": "狗"\n}',
      complete: 1,
    });
    expect(defaultValuesOf(fields)).toEqual({ photoUrls: '', category: '', complete: 2 });
  });

  it('gives the stored values back on submit', () => {
    expect(
      submitted({
        photoUrls: ' https://a/1.png \n\n https://a/2.png',
        category: '{"id": 2, "name": "猫"}',
        complete: 2,
      }),
    ).toEqual({
      photoUrls: ['https://a/1.png', 'https://a/2.png'],
      category: { id: 2, name: '猫' },
      complete: false,
    });
    expect(submitted({ photoUrls: 'x', category: '', complete: 1 })).toEqual({
      photoUrls: ['x'],
      category: undefined,
      complete: true,
    });
  });

  it('refuses text that is not JSON, and an empty required list, by the field’s name', () => {
    expect(messageFor({ photoUrls: 'x', category: '{"id": 1', complete: 2 })).toBe(
      '分类不是有效的 JSON',
    );
    expect(messageFor({ photoUrls: ' \n ', category: '', complete: 2 })).toBe('请输入图片地址');
  });

  it('shows a stored record by its key and sends the chosen one back whole', () => {
    const from: OptionsFrom = {
      source: 'library',
      list: {
        method: 'GET',
        path: '/authors',
        pagination: { style: 'none' },
        total: { in: 'client' },
        filters: [],
      },
      value: 'id',
      label: 'name',
    };
    const author: FieldDefinition = {
      cf_name: '作者',
      cf_fieldname: 'author',
      cf_control: 'select',
      valueFormat: 'reference',
      optionsFrom: from,
    };
    const listed = { id: 3, name: '鲁迅', born: '1881-09-25' };
    installOptionsFromLoader({
      options: () => Promise.resolve([{ value: 3, label: '鲁迅' }]),
      record: (_, key) => (key === 3 ? listed : undefined),
    });
    expect(defaultValuesOf([author], { author: { id: 3, name: '鲁迅' } })).toEqual({ author: 3 });
    const schema = buildFormSchema([author]);
    expect(schema.validateSync({ author: 3 })).toEqual({ author: listed });
    // Not among the options loaded: the key alone, as the reference.
    expect(schema.validateSync({ author: 9 })).toEqual({ author: { id: 9 } });
    expect(schema.validateSync({ author: null })).toEqual({ author: undefined });
  });
});

describe('a Unix time in seconds behind the date-time picker (系统动态 发布时间)', () => {
  const publishTime: FieldDefinition = {
    cf_name: '发布时间',
    cf_fieldname: 'publish_time',
    cf_control: 'DateTimePicker',
    cf_validate: 'require',
    valueFormat: 'seconds',
  };

  it('sends the picked local time as the seconds the contract asks for', () => {
    const schema = buildFormSchema([publishTime]);
    const picked = '2026-12-15 16:59';
    const expected = Math.floor(new Date('2026-12-15T16:59').getTime() / 1000);
    expect(schema.validateSync({ publish_time: picked })).toEqual({ publish_time: expected });
  });

  it('keeps a record’s own seconds untouched, and asks for a time when none is picked', () => {
    expect(defaultValuesOf([publishTime], { publish_time: 1716293760 })).toEqual({
      publish_time: 1716293760,
    });
    const schema = buildFormSchema([publishTime]);
    expect(schema.validateSync({ publish_time: 1716293760 })).toEqual({ publish_time: 1716293760 });
    expect(() => schema.validateSync({ publish_time: '' })).toThrow('请选择发布时间');
  });
});
