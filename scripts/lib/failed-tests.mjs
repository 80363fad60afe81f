// Reads Vitest's JSON reports and lists every failed test with the first line of its error, so the end of a CI log
// (often all that is kept of it) names what failed, not only how many.
import fs from 'node:fs';
import path from 'node:path';

/**
 * @param {string} reportFile a report written by Vitest's `json` reporter
 * @returns {string[]} one line per failed test: "file > title: first line of the error"
 */
export function failedTests(reportFile) {
  if (!fs.existsSync(reportFile)) return [];
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
  const lines = [];
  for (const file of report.testResults ?? []) {
    const name = path.relative(process.cwd(), file.name);
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) {
      const message = String(test.failureMessages?.[0] ?? '').split('\n')[0];
      lines.push(`${name} > ${test.fullName ?? test.title}: ${message.slice(0, 300)}`);
    }
    // A file that failed outside its tests (a hook, an import) has no failed test to name.
    if (file.status === 'failed' && failed.length === 0) {
      lines.push(
        `${name}: ${String(file.message ?? 'failed')
          .split('\n')[0]
          .slice(0, 300)}`,
      );
    }
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const reportFile of process.argv.slice(2)) {
    const label = path.basename(reportFile, '.json');
    for (const line of failedTests(reportFile)) console.log(`failed (${label}): ${line}`);
  }
}
