/**
 * A list's column found by its header text, as a reader finds it: the journeys do not count
 * columns, so a selection checkbox or a hidden column does not move what they read.
 */
import type { Locator } from 'playwright-core';

/** The cells under the header `header` in the table inside `scope` (one per body row). */
export async function columnCells(scope: Locator, header: string): Promise<Locator> {
  const headers = (await scope.locator('thead th').allInnerTexts()).map((text) => text.trim());
  const index = headers.indexOf(header);
  if (index < 0) throw new Error(`no column "${header}" among: ${headers.join(' | ')}`);
  return scope.locator(`tbody tr td:nth-child(${index + 1})`);
}
