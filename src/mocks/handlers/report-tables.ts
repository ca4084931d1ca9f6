/** The tables of the information-reporting workflow (./report-workflow), one per screen. */
export const REPORT = 'informationreporting';
export const EXAMINE = 'informationreportingexamine';
export const PUBLISH = 'informationreportingpublish';
/** Mock-only table of the workflow's history (answered by informationreporting/history). */
export const HISTORY = 'informationreportinglog';
