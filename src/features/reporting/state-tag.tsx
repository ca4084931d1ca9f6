/**
 * A workflow state as a coloured tag, labelled by the contract's own options for the field (the
 * generated column), so 我的上报, 内容审批 and 发布列表 name each state the same way.
 */
import { Tag } from 'primereact/tag';
import { optionText, type ModuleDefinition, type ModuleRecord } from '@/components/crud';
import { EXAMINE_STATUS, PUBLISH_STATUS, REPORT_STATUS } from '@/core/report-workflow';
import { common } from '@/locale/common';

type Severity = 'success' | 'info' | 'warning' | 'danger' | 'secondary';

const SEVERITY: Record<string, Record<number, Severity>> = {
  report_status: {
    [REPORT_STATUS.draft]: 'secondary',
    [REPORT_STATUS.submitted]: 'warning',
    [REPORT_STATUS.rejected]: 'danger',
    [REPORT_STATUS.approved]: 'info',
    [REPORT_STATUS.published]: 'success',
    [REPORT_STATUS.withdrawn]: 'secondary',
  },
  examine_status: {
    [EXAMINE_STATUS.pending]: 'warning',
    [EXAMINE_STATUS.approved]: 'success',
    [EXAMINE_STATUS.rejected]: 'danger',
  },
  publish_status: {
    [PUBLISH_STATUS.pending]: 'info',
    [PUBLISH_STATUS.published]: 'success',
    [PUBLISH_STATUS.withdrawn]: 'secondary',
  },
};

/** The column override drawing `field` of `module` as a state tag. */
export function stateColumn(module: ModuleDefinition, field: keyof typeof SEVERITY) {
  const options = module.columns.find((column) => column.field === field)?.options ?? [];
  return {
    body: (row: ModuleRecord) => {
      const value = row[field];
      const label = optionText(options, value);
      if (label === undefined) return common.dash;
      return <Tag value={label} severity={SEVERITY[field]?.[Number(value)] ?? 'secondary'} />;
    },
  };
}
