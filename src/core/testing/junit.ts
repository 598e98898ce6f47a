/**
 * JUnit XML of a test run, in the shape CI systems read (the Jenkins/Ant schema's `testsuites` >
 * `testsuite` > `testcase` with `failure` or `error`): one suite per test file, one test case
 * per case, named `Operation › case`.
 */

/** One case as the report needs it. */
export interface JunitCase {
  readonly name: string;
  readonly className: string;
  readonly timeSeconds: number;
  readonly failure?: { readonly message: string; readonly details: string };
  readonly error?: { readonly message: string };
}

/** One test file. */
export interface JunitSuite {
  readonly name: string;
  readonly cases: readonly JunitCase[];
  /** Problems of the file that are not a case's (shown as errored cases named after the problem's line). */
}

/** The XML text of the run. */
export function junitXml(suites: readonly JunitSuite[], timestamp: Date = new Date()): string {
  const count = (s: readonly JunitCase[], pick: (c: JunitCase) => boolean) => s.filter(pick).length;
  const all = suites.flatMap((s) => s.cases);
  const time = (cases: readonly JunitCase[]) => cases.reduce((t, c) => t + c.timeSeconds, 0).toFixed(3);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="tenant-graphql" tests="${all.length}" failures="${count(all, (c) => !!c.failure)}" errors="${count(all, (c) => !!c.error)}" time="${time(all)}">`,
  ];
  suites.forEach((suite, id) => {
    lines.push(
      `  <testsuite id="${id}" name="${attr(suite.name)}" tests="${suite.cases.length}" failures="${count(suite.cases, (c) => !!c.failure)}" errors="${count(suite.cases, (c) => !!c.error)}" skipped="0" time="${time(suite.cases)}" timestamp="${timestamp.toISOString().slice(0, 19)}">`,
    );
    for (const c of suite.cases) {
      const open = `    <testcase name="${attr(c.name)}" classname="${attr(c.className)}" time="${c.timeSeconds.toFixed(3)}"`;
      if (c.failure) {
        lines.push(`${open}>`, `      <failure message="${attr(c.failure.message)}" type="AssertionError">${text(c.failure.details)}</failure>`, '    </testcase>');
      } else if (c.error) {
        lines.push(`${open}>`, `      <error message="${attr(c.error.message)}" type="Error"/>`, '    </testcase>');
      } else {
        lines.push(`${open}/>`);
      }
    }
    lines.push('  </testsuite>');
  });
  lines.push('</testsuites>', '');
  return lines.join('\n');
}

/** Characters XML 1.0 cannot hold at all (control characters other than tab, line feed, carriage return; lone surrogates). */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function text(value: string): string {
  return value.replace(NOT_XML, '\uFFFD').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function attr(value: string): string {
  return text(value).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
}
