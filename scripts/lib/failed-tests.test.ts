import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { failedTests } from './failed-tests.mjs';

/** docs/testing.md: the end of CI's log names each failed test, read from Vitest's JSON reports. */
it('names each failed test with the first line of its error, and a file that failed outside its tests', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'turtle-failed-tests-'));
  const report = path.join(folder, 'e2e.json');
  fs.writeFileSync(
    report,
    JSON.stringify({
      testResults: [
        {
          name: path.join(process.cwd(), 'e2e/notes.spec.ts'),
          status: 'failed',
          assertionResults: [
            { status: 'passed', fullName: 'notes saves' },
            {
              status: 'failed',
              fullName: 'notes deletes',
              failureMessages: ['AssertionError: expected 1 to be 0\n  at x'],
            },
          ],
        },
        {
          name: path.join(process.cwd(), 'e2e/chat.spec.ts'),
          status: 'failed',
          message: 'Hook timed out\nmore',
          assertionResults: [],
        },
        {
          name: path.join(process.cwd(), 'e2e/cards.spec.ts'),
          status: 'passed',
          assertionResults: [{ status: 'passed' }],
        },
      ],
    }),
  );
  try {
    expect(failedTests(report)).toEqual([
      'e2e/notes.spec.ts > notes deletes: AssertionError: expected 1 to be 0',
      'e2e/chat.spec.ts: Hook timed out',
    ]);
    expect(failedTests(path.join(folder, 'missing.json'))).toEqual([]);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
