// @vitest-environment node
/**
 * The fragment YAML writer: whatever it writes, a YAML reader (the contract loader's own,
 * Redocly's) reads back as the same value — strings that look like other things included.
 */
import { parseYaml } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { toYaml, type YamlMap } from '@/core/yaml-text';

const TRICKY = [
  '',
  'no',
  'Yes',
  'null',
  '~',
  '1.0',
  '0x1f',
  '1e3',
  '#/components/schemas/Envelope',
  'a: b',
  'a #b',
  '- item',
  ' leading',
  'trailing ',
  'line\nbreak',
  "it's",
  '"quoted"',
  '{ flow }',
  'a,b',
  '^[a-z][a-z0-9_]*$',
  '请输入申请标题',
  '采购申请（/deal/purchase）：由后台设计导出。',
  'pi pi-table',
  '@at',
  '`tick`',
  '\\backslash',
];

describe('toYaml', () => {
  it('writes every tricky string so it reads back unchanged', () => {
    for (const text of TRICKY) {
      const document: YamlMap = { [text || 'empty']: text, list: [text], nested: { value: text } };
      expect(parseYaml(toYaml(document))).toEqual(document);
    }
  });

  it('keeps numbers, booleans, null, empty lists and maps, and lists of maps', () => {
    const document: YamlMap = {
      '200': { description: 'ok' },
      enum: [1, 2, 3],
      required: true,
      minimum: -1.5,
      nothing: null,
      empty: [],
      none: {},
      options: [
        { label: '一般', value: 1 },
        { label: '紧急', value: 2, children: [{ label: '特急', value: 3 }] },
      ],
    };
    expect(parseYaml(toYaml(document))).toEqual(document);
  });

  it('writes the hand-written fragments’ style: flow for short scalar maps and lists', () => {
    expect(
      toYaml({
        'x-admin': { capability: 'list' },
        capabilities: ['list', 'info'],
        schema: { allOf: [{ $ref: '#/components/schemas/Envelope' }] },
      }),
    ).toBe(
      [
        'x-admin: { capability: list }',
        'capabilities: [list, info]',
        'schema:',
        '  allOf:',
        '    - { $ref: "#/components/schemas/Envelope" }',
        '',
      ].join('\n'),
    );
  });
});
