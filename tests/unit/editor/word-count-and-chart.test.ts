/**
 * Word count (limit 10000 with the overflow message) and the chart-from-table rules of spec
 * section 5.
 */
import { describe, expect, it } from 'vitest';
import { chartProblem, chartSeries, chartableTable } from '@/components/editor/chart-rules';
import type { TableData } from '@/components/editor/model/blocks';
import { checkWordLimit, countWords } from '@/components/editor/word-count';

describe('word count', () => {
  it('counts a Chinese character as one and a latin word as one', () => {
    expect(countWords('<p>通知：明天开会 meeting at 9 o’clock, don’t be late!</p>')).toBe(13);
    expect(countWords('<p>Hello</p><p>world</p>')).toBe(2);
    expect(countWords('<p>e-mail 2026年</p>')).toBe(3);
  });

  it('markup, entities and punctuation count nothing', () => {
    expect(
      countWords('<p><b>加</b><span style="color: red">粗</span>，。！&lt;&gt;&amp;</p>'),
    ).toBe(2);
    expect(countWords('<img src="/a.png"><hr>')).toBe(0);
  });

  it('allows 10000 words and then says the text is too long', () => {
    expect(checkWordLimit('<p>通知</p>')).toEqual({
      count: 2,
      limit: 10000,
      left: 9998,
      over: false,
      message: '当前已输入 2 个字符，您还可以输入 9998 个字符',
    });
    expect(checkWordLimit(`<p>${'字'.repeat(10000)}</p>`).over).toBe(false);
    expect(checkWordLimit(`<p>${'字'.repeat(10001)}</p>`)).toMatchObject({
      over: true,
      left: -1,
      message: '你输入的字符个数已经超出最大允许值，服务器可能会拒绝保存！',
    });
  });
});

const th = (html: string) => ({ html, header: true });
const td = (html: string) => ({ html });

const good: TableData = {
  withHeadings: true,
  rows: [
    [th(''), th('一季度'), th('二季度')],
    [th('收入'), td('10'), td('12.5')],
    [th('支出'), td('0'), td('<b>3</b>')],
  ],
};

describe('chart from a table', () => {
  it('accepts a header row, a header column and non-negative numbers', () => {
    expect(chartableTable(good)).toBe(true);
    expect(chartSeries(good)).toEqual({
      categories: ['一季度', '二季度'],
      series: [
        { name: '收入', values: [10, 12.5] },
        { name: '支出', values: [0, 3] },
      ],
    });
  });

  it('counts the heading row of a table with headings as header cells', () => {
    expect(
      chartableTable({
        withHeadings: true,
        rows: [
          [td(''), td('一月')],
          [th('a'), td('1')],
        ],
      }),
    ).toBe(true);
  });

  it.each<[string, TableData, string]>([
    ['a single row', { withHeadings: true, rows: [[th('a'), th('b')]] }, 'tooSmall'],
    ['a single column', { withHeadings: true, rows: [[th('a')], [th('b')]] }, 'tooSmall'],
    [
      'merged cells',
      { withHeadings: true, rows: [[{ ...th('a'), colspan: 2 }], [th('b'), td('1')]] },
      'merged',
    ],
    [
      'rows of different length',
      { withHeadings: true, rows: [[th(''), th('a')], [th('b')]] },
      'ragged',
    ],
    [
      'a first row with data cells',
      {
        withHeadings: false,
        rows: [
          [th(''), td('a')],
          [th('b'), td('1')],
        ],
      },
      'headerRow',
    ],
    [
      'a later row without its header cell',
      {
        withHeadings: true,
        rows: [
          [th(''), th('a')],
          [td('b'), td('1')],
        ],
      },
      'headerColumn',
    ],
    [
      'a negative number',
      {
        withHeadings: true,
        rows: [
          [th(''), th('a')],
          [th('b'), td('-1')],
        ],
      },
      'notNumber',
    ],
    [
      'text',
      {
        withHeadings: true,
        rows: [
          [th(''), th('a')],
          [th('b'), td('十')],
        ],
      },
      'notNumber',
    ],
    [
      'an empty cell',
      {
        withHeadings: true,
        rows: [
          [th(''), th('a')],
          [th('b'), td('')],
        ],
      },
      'notNumber',
    ],
  ])('refuses %s', (_name, table, problem) => {
    expect(chartProblem(table)).toBe(problem);
    expect(chartableTable(table)).toBe(false);
    expect(chartSeries(table)).toBeUndefined();
  });
});
