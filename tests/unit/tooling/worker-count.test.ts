// @vitest-environment node
/**
 * The suite scales with the machine (issue 52 item 5): as many unit workers as cores (at least
 * two), one journey worker per two cores (at least two), and TEST_WORKERS overrides both.
 */
import { describe, expect, it } from 'vitest';
import { workerCount } from '../../../scripts/test-workers';

describe('worker counts follow the cores', () => {
  it('two on this two-core machine, more on bigger ones', () => {
    expect(workerCount('unit', 2, {})).toBe(2);
    expect(workerCount('e2e', 2, {})).toBe(2);
    expect(workerCount('unit', 16, {})).toBe(16);
    expect(workerCount('e2e', 16, {})).toBe(8);
    expect(workerCount('unit', 1, {})).toBe(2);
  });

  it('TEST_WORKERS overrides them; a value that is not a count is ignored', () => {
    expect(workerCount('unit', 16, { TEST_WORKERS: '3' })).toBe(3);
    expect(workerCount('e2e', 16, { TEST_WORKERS: '1' })).toBe(1);
    expect(workerCount('unit', 8, { TEST_WORKERS: 'many' })).toBe(8);
    expect(workerCount('unit', 8, { TEST_WORKERS: '0' })).toBe(8);
    expect(workerCount('unit', 8, { TEST_WORKERS: '1e9' })).toBe(8);
  });
});
