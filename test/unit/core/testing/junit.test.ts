import { strict as assert } from 'node:assert';
import { junitXml } from '../../../../src/core/testing/junit';
import { junitSchemaViolations, parseXml } from '../../../fixtures/junitSchema';

describe('core/testing JUnit XML (the structure CI systems read)', () => {
  const xml = junitXml(
    [
      {
        name: 'api/tasks.graphql.test.json',
        cases: [
          { name: 'UrgentTasks › high', className: 'api/tasks.graphql.test.json', timeSeconds: 0.12 },
          {
            name: 'UrgentTasks › "low" & <odd>',
            className: 'api/tasks.graphql.test.json',
            timeSeconds: 0.5,
            failure: { message: 'length 5, expected 3\n', details: 'expected: <3>\nactual: 5 & more \u0007' },
          },
        ],
      },
      { name: 'b.graphql.test.json', cases: [{ name: 'Gone › x', className: 'b.graphql.test.json', timeSeconds: 0, error: { message: 'b.graphql has no operation "Gone"' } }] },
    ],
    new Date('2026-12-07T10:00:00Z'),
  );
  const root = parseXml(xml);

  it("is valid against the Jenkins JUnit schema (junit-10.xsd's rules: elements, declared and required attributes, time's pattern)", () => {
    assert.deepEqual(junitSchemaViolations(root), []);
    // An empty run and a run of one errored problem are valid too.
    assert.deepEqual(junitSchemaViolations(parseXml(junitXml([]))), []);
    assert.deepEqual(
      junitSchemaViolations(
        parseXml(
          junitXml([{ name: 'c.graphql.test.json', cases: [{ name: 'problem at line 3', className: 'c.graphql.test.json', timeSeconds: 1234.5, error: { message: 'bad' } }] }]),
        ),
      ),
      [],
    );
  });

  it('the schema check finds what junit-10.xsd rejects (so a pass above means something)', () => {
    const violations = (body: string) => junitSchemaViolations(parseXml(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`));
    assert.deepEqual(violations('<testsuites><testsuite name="a" tests="1" failures="0" errors="0"><testcase name="x"/></testsuite></testsuites>'), []);
    assert.deepEqual(violations('<testsuites><testsuite name="a" tests="1" errors="0"><testcase classname="c"/></testsuite></testsuites>'), [
      'testsuites/testsuite[0]: the required attribute "failures" is missing',
      'testsuites/testsuite[0]/testcase[0]: the required attribute "name" is missing',
    ]);
    assert.deepEqual(violations('<testsuites total="1"><testsuite name="a" tests="1" failures="0" errors="0" time="1.2s">text<failure/></testsuite></testsuites>'), [
      'testsuites: the attribute "total" is not declared',
      'testsuites/testsuite[0]: "time" is "1.2s", not of its type\'s pattern',
      'testsuites/testsuite[0]: holds text, which its type does not allow',
      'testsuites/testsuite[0]: may not hold "failure"',
    ]);
    assert.deepEqual(violations('<testsuites><testsuite name="a" tests="1" failures="0" errors="0"><testcase name="x"><failed/></testcase></testsuite></testsuites>'), [
      'testsuites/testsuite[0]/testcase[0]: may not hold "failed"',
    ]);
    assert.deepEqual(violations('<testresults/>'), ['testresults: no element "testresults" in the schema']);
  });

  it('is well-formed XML with testsuites > testsuite > testcase', () => {
    assert.equal(root.name, 'testsuites');
    assert.deepEqual(
      root.children.map((s) => s.name),
      ['testsuite', 'testsuite'],
    );
    for (const suite of root.children) {
      assert.ok(suite.children.every((c) => c.name === 'testcase'));
      for (const c of suite.children) {
        assert.ok(c.children.every((f) => f.name === 'failure' || f.name === 'error'));
        assert.ok(c.children.length <= 1);
      }
    }
  });

  it('has the attributes the schema requires, with counts that add up', () => {
    assert.deepEqual([root.attributes.tests, root.attributes.failures, root.attributes.errors], ['3', '1', '1']);
    const [a, b] = root.children;
    for (const suite of root.children) {
      for (const attr of ['name', 'tests', 'failures', 'errors', 'time', 'timestamp', 'id', 'skipped']) {
        assert.ok(attr in suite.attributes, `testsuite has ${attr}`);
      }
      assert.match(suite.attributes.timestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
      assert.equal(Number(suite.attributes.tests), suite.children.length);
      for (const c of suite.children) {
        for (const attr of ['name', 'classname', 'time']) {
          assert.ok(attr in c.attributes, `testcase has ${attr}`);
        }
        assert.match(c.attributes.time, /^\d+\.\d{3}$/);
      }
    }
    assert.deepEqual([a.attributes.tests, a.attributes.failures, a.attributes.errors, a.attributes.time], ['2', '1', '0', '0.620']);
    assert.deepEqual([b.attributes.failures, b.attributes.errors], ['0', '1']);
  });

  it('keeps names, messages and details as written (escaped), and drops characters XML cannot hold', () => {
    const failed = root.children[0].children[1];
    assert.equal(failed.attributes.name, 'UrgentTasks › "low" & <odd>');
    const failure = failed.children[0];
    assert.equal(failure.attributes.message, 'length 5, expected 3\n');
    assert.equal(failure.text, 'expected: <3>\nactual: 5 & more \uFFFD');
    assert.equal(root.children[1].children[0].children[0].attributes.message, 'b.graphql has no operation "Gone"');
  });
});
