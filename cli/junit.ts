/**
 * `verify --reporter junit`: the report as JUnit XML, one test case per operation (a schema
 * error or a failed call is a failure, a skipped operation is skipped), which CI systems show
 * as a test run.
 */
import type { VerifyReport } from '../generator/verify/verify-server';

function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char] ?? char,
  );
}

export function junitReport(report: VerifyReport, durationMs: number): string {
  const { schema, failed, skipped } = report.counts;
  const seconds = (durationMs / 1000).toFixed(3);
  const cases = report.results.map((result) => {
    const name = escapeXml(`${result.method} ${result.path} (${result.operationId})`);
    const open = `    <testcase classname="cli verify" name="${name}"`;
    const detail = escapeXml(result.detail);
    if (result.outcome === 'ok') return `${open}/>`;
    if (result.outcome === 'skipped')
      return `${open}>\n      <skipped message="${detail}"/>\n    </testcase>`;
    const type = result.outcome === 'schema' ? 'schema' : 'failed';
    return `${open}>\n      <failure type="${type}" message="${detail}">${detail}</failure>\n    </testcase>`;
  });
  const counts = `tests="${report.results.length}" failures="${schema + failed}" errors="0" skipped="${skipped}" time="${seconds}"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="cli verify" ${counts}>`,
    `  <testsuite name="cli verify" ${counts}>`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
  ].join('\n');
}
