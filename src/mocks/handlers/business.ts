/**
 * Business calls beyond the generic semantics: the province/city tree of the city control, and
 * the information-reporting workflow with its statistics (./report-workflow,
 * ./report-statistic).
 */
import { http } from '../http-wrapper';
import { ok } from '../respond';
import { table } from '../store';
import type { MockRow } from '../types';
import { buildTree, withChildren } from '../util';
import { reportWorkflowHandler } from './report-workflow';

interface DistrictNode {
  id: number;
  value: string;
  label: string;
  children?: DistrictNode[];
}

/** Enabled districts down to `maxLevel`, valued by code. */
function districtTree(rows: MockRow[], maxLevel: number): DistrictNode[] {
  const shown = rows.filter(
    (row) => Number(row.level) <= maxLevel && Number(row.status ?? 1) !== 2,
  );
  return buildTree<DistrictNode>(
    shown,
    { id: (row) => Number(row.id), parent: (row) => Number(row.pid) },
    0,
    (a, b) => Number(a.sort ?? 0) - Number(b.sort ?? 0) || Number(a.id) - Number(b.id),
    (row, children) =>
      withChildren(
        { id: Number(row.id), value: String(row.code), label: String(row.name) },
        children,
      ),
  );
}

export const businessHandlers = [
  // Enabled provinces with their cities (the city control's options).
  http.post('/api/district/gettree', () => ok(districtTree(table('district').rows, 2))),
  reportWorkflowHandler,
];
