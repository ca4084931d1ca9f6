/**
 * The information-reporting workflow's state values (the contract's report_status,
 * examine_status and publish_status enums), shared by the mock backend and the screens so both
 * speak of a state by name. Labels live in the contract's options (and src/locale/reporting).
 */

/** A report's place in the workflow (InformationReport.report_status). */
export const REPORT_STATUS = {
  draft: 1,
  submitted: 2,
  rejected: 3,
  approved: 4,
  published: 5,
  withdrawn: 6,
} as const;

/** States in which the author may still edit, delete or (re)submit the report. */
export const EDITABLE_REPORT_STATUS: readonly number[] = [
  REPORT_STATUS.draft,
  REPORT_STATUS.rejected,
];

/** An examination's outcome (ReportExamine.examine_status; the examine call sends 2 or 3). */
export const EXAMINE_STATUS = { pending: 1, approved: 2, rejected: 3 } as const;

/** A publication's state (ReportPublish.publish_status). */
export const PUBLISH_STATUS = { pending: 1, published: 2, withdrawn: 3 } as const;

/** What a history entry records (ReportHistory.action). */
export type ReportHistoryAction = 'submit' | 'approve' | 'reject' | 'publish' | 'withdraw';

/** Longest statistics range in months (ten years), so a hostile range cannot build a huge answer. */
export const STATISTIC_MAX_MONTHS = 120;
