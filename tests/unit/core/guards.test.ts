// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { choiceOf, isRecord, listOf, textOf } from '@/core/guards';

describe('textOf: the text of a value read from outside the type system', () => {
  it.each([
    ['a string as it is', '总公司', '总公司'],
    ['a number as String() writes it', 12.5, '12.5'],
    ['zero', 0, '0'],
    ['a boolean', false, 'false'],
    ['an array joined with commas, as String() joins it', [1, '2', [3]], '1,2,3'],
    ['null as nothing', null, ''],
    ['undefined as nothing', undefined, ''],
    ['a plain object as nothing, not "[object Object]"', { a: 1 }, ''],
  ])('%s', (_case, value, text) => {
    expect(textOf(value)).toBe(text);
  });
});

describe('listOf: the items of a value that should be an array', () => {
  it('gives an array its own items and anything else none', () => {
    const items = [1, 'a'];
    expect(listOf(items)).toBe(items);
    expect(listOf('a,b')).toEqual([]);
    expect(listOf(undefined)).toEqual([]);
    expect(listOf({ 0: 'a', length: 1 })).toEqual([]);
  });
});

describe('isRecord', () => {
  it('takes plain objects only', () => {
    expect(isRecord({})).toBe(true);
    expect(isRecord([])).toBe(false);
    expect(isRecord(null)).toBe(false);
  });
});

describe('choiceOf: a drop-down value checked against its choices', () => {
  it('gives the equal choice, and nothing for a value not among them', () => {
    const actions = ['list', 'info', 'add', 'edit'] as const;
    expect(choiceOf(actions, 'add')).toBe('add');
    expect(choiceOf(actions, 'delete')).toBeUndefined();
    expect(choiceOf([3, 7], 7)).toBe(7);
    // A number's text is not the number: no coercion.
    expect(choiceOf([3, 7], '7')).toBeUndefined();
    expect(choiceOf([3, 7], undefined)).toBeUndefined();
  });
});
