// @vitest-environment node
/**
 * The field designer's rules: stored rows → cf_* definitions the preview renders, the inputs
 * each control shows, the editor's checks (the server's field-name words), the saved body,
 * sort numbers after a drag, and the 前台设计 answer shapes.
 */
import { describe, expect, it } from 'vitest';
import {
  callShape,
  controlTraits,
  draftBody,
  draftOf,
  draftProblems,
  fieldOfRow,
  resortedRows,
  sampleValue,
  sortedRows,
  type FieldRow,
} from '@/features/designer/designer-fields';

function row(id: number, extra: Partial<FieldRow> = {}): FieldRow {
  return {
    id,
    module_id: 9,
    cf_name: `字段${id}`,
    cf_fieldname: `field_${id}`,
    cf_control: 'input',
    cf_sort: id,
    ...extra,
  };
}

describe('stored rows', () => {
  it('become the definitions the preview renders, JSON texts parsed and blanks left out', () => {
    expect(
      fieldOfRow(
        row(1, {
          cf_control: 'radio',
          cf_validate: 'require',
          cf_placeholder: '',
          cf_default: '2',
          cf_sourcetype: 'STATIC',
          cf_options: '[{"label":"甲","value":1},{"label":"乙","value":2}]',
          cf_params: '{"min":1}',
          cf_islist: 2,
        }),
      ),
    ).toEqual({
      cf_name: '字段1',
      cf_fieldname: 'field_1',
      cf_control: 'radio',
      cf_ispri: 0,
      cf_default: '2',
      cf_validate: 'require',
      cf_sourcetype: 'STATIC',
      optionData: [
        { label: '甲', value: 1 },
        { label: '乙', value: 2 },
      ],
      parameData: { min: 1 },
      cf_islist: 2,
    });
  });

  it('ignore option and parameter texts that are not valid JSON of the right shape', () => {
    const field = fieldOfRow(row(1, { cf_options: '[{"label":1}]', cf_params: 'not json' }));
    expect(field.optionData).toBeUndefined();
    expect(field.parameData).toBeUndefined();
  });

  it('are in sort order, then id order; a drag renumbers only the rows that moved', () => {
    const rows = sortedRows([
      row(3, { cf_sort: 1 }),
      row(1, { cf_sort: 2 }),
      row(2, { cf_sort: 1 }),
    ]);
    expect(rows.map((r) => r.id)).toEqual([2, 3, 1]);
    const [a, b, c] = [row(1, { cf_sort: 1 }), row(2, { cf_sort: 2 }), row(3, { cf_sort: 3 })];
    expect(resortedRows([c, a, b])).toEqual([
      { id: 3, cf_sort: 1 },
      { id: 1, cf_sort: 2 },
      { id: 2, cf_sort: 3 },
    ]);
    expect(resortedRows([a, b, c])).toEqual([]);
  });
});

describe('the editor', () => {
  it('shows only the inputs of the chosen control', () => {
    expect(controlTraits('input')).toMatchObject({
      length: true,
      sourced: false,
      params: ['pattern'],
    });
    expect(controlTraits('select')).toMatchObject({ length: false, sourced: true });
    expect(controlTraits('Department')).toMatchObject({ sourced: false, placeholder: true });
    expect(controlTraits('Switch')).toMatchObject({ required: false, placeholder: false });
    expect(controlTraits('InputNumber').params).toEqual(['min', 'max', 'step', 'precision']);
    expect(controlTraits('UploadImgArr')).toMatchObject({
      placeholder: false,
      defaultValue: false,
      params: ['fileLimit', 'fileSize', 'fileType'],
    });
  });

  it('refuses names as the server does, and incomplete option sources', () => {
    const draft = { ...draftOf(undefined, 1), cf_name: '标题' };
    const problems = (change: Partial<typeof draft>, taken: string[] = []) =>
      draftProblems({ ...draft, ...change }, taken);
    expect(problems({ cf_fieldname: 'title' })).toEqual({});
    expect(problems({ cf_fieldname: 'Title' }).cf_fieldname).toBe(
      '字段标识须以小写字母开头，只能包含小写字母、数字和下划线',
    );
    expect(problems({ cf_fieldname: 'create_time' }).cf_fieldname).toBe(
      '字段标识「create_time」是系统保留字，请换一个',
    );
    expect(problems({ cf_fieldname: 'title' }, ['title']).cf_fieldname).toBe(
      '字段标识「title」在本模块中已存在',
    );
    expect(problems({ cf_fieldname: 'a', cf_name: ' ' }).cf_name).toBe('请输入字段名称');
    expect(problems({ cf_fieldname: 'kind', cf_control: 'radio' }).options).toBe(
      '请至少添加一个选项',
    );
    expect(
      problems({
        cf_fieldname: 'kind',
        cf_control: 'radio',
        options: [
          { label: '甲', value: '1' },
          { label: '乙', value: '1' },
        ],
      }).options,
    ).toBe('选项值「1」重复');
    expect(
      problems({ cf_fieldname: 'kind', cf_control: 'select', cf_sourcetype: 'API' }).source,
    ).toBe('请输入接口方法');
    // The seeded primary key keeps its reserved name when edited.
    expect(
      draftProblems({ ...draft, cf_fieldname: 'id' }, ['deal_title'], 'id').cf_fieldname,
    ).toBeUndefined();
  });

  it('saves what applies to the control: typed option values, parameters, fixed dictionaries', () => {
    const base = { ...draftOf(undefined, 4), cf_name: '类别', cf_fieldname: 'kind' };
    expect(
      draftBody(
        {
          ...base,
          cf_control: 'radio',
          cf_length: 30,
          required: true,
          cf_placeholder: '忽略',
          options: [
            { label: '甲', value: '1' },
            { label: '乙', value: 'b' },
          ],
        },
        9,
      ),
    ).toEqual({
      module_id: 9,
      cf_name: '类别',
      cf_fieldname: 'kind',
      cf_control: 'radio',
      cf_placeholder: '',
      cf_length: 0,
      cf_default: '',
      cf_validate: 'require',
      cf_ispri: 0,
      cf_sourcetype: 'STATIC',
      cf_dictionary: '',
      cf_method: '',
      cf_options: '[{"label":"甲","value":1},{"label":"乙","value":"b"}]',
      cf_params: '',
      cf_islist: 1,
      cf_sort: 4,
    });
    const department = draftBody({ ...base, cf_control: 'DepartmentAuth', options: [] }, 9);
    expect(department).toMatchObject({ cf_sourcetype: 'DICTIONARY', cf_dictionary: 'DepAuth' });
    const number = draftBody(
      {
        ...base,
        cf_control: 'InputNumber',
        params: { min: '0', max: '10', precision: '', pattern: 'x' },
      },
      9,
    );
    expect(JSON.parse(number.cf_params ?? '')).toEqual({ min: 0, max: 10 });
    const edited = draftOf(row(5, { cf_validate: 'require', cf_sort: 7 }), 1);
    expect(draftBody(edited, 9)).toMatchObject({ id: 5, cf_validate: 'require', cf_sort: 7 });
  });
});

describe('前台设计 answer shapes', () => {
  it('sample values follow the control', () => {
    expect(sampleValue({ cf_name: '数量', cf_fieldname: 'n', cf_control: 'InputNumber' })).toBe(1);
    expect(
      sampleValue({
        cf_name: '类别',
        cf_fieldname: 'k',
        cf_control: 'checkbox',
        optionData: [{ label: '甲', value: 'a' }],
      }),
    ).toEqual(['a']);
    expect(sampleValue({ cf_name: '标题', cf_fieldname: 't', cf_control: 'input' })).toBe('标题');
  });

  it('list answers a page, info a record, add and edit accept the fields', () => {
    const record = { title: '标题' };
    expect(callShape('list', record)).toEqual({
      status: 200,
      msg: '操作成功',
      data: { data: [{ id: 1, title: '标题' }], allcount: 1, pageindex: 1, pagesize: 10 },
    });
    expect(callShape('info', record)).toMatchObject({ request: { id: { id: 1 } } });
    expect(callShape('edit', record)).toMatchObject({ request: { id: 1, title: '标题' } });
    expect(callShape('add', record)).toMatchObject({ request: { title: '标题' } });
  });
});
