import { strict as assert } from 'node:assert';
import { junitXml } from '../../../../src/core/testing/junit';

interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (s: string) => s.replace(/&(#\d+|[a-z]+);/g, (_m, e: string) => (e.startsWith('#') ? String.fromCharCode(Number(e.slice(1))) : ENTITIES[e]));

/**
 * A strict reader of the XML subset a JUnit report uses (declaration, elements, attributes in double
 * quotes, text, the five entities and decimal references): throws on anything else, on a raw `<` or
 * `&` in text or attributes, and on unbalanced tags. No schema validator is a dependency of the
 * project; the structure the JUnit schema asks for is checked below, element by element.
 */
function parseXml(xml: string): XmlElement {
  let i = 0;
  const fail = (why: string): never => {
    throw new Error(`${why} at ${i}: ${JSON.stringify(xml.slice(i, i + 40))}`);
  };
  const decl = /^<\?xml version="1\.0" encoding="UTF-8"\?>\n/.exec(xml) ?? fail('no XML declaration');
  i = decl[0].length;
  const element = (): XmlElement => {
    const open = /^<([A-Za-z_][\w.-]*)((?:\s+[A-Za-z_][\w.-]*="[^"<]*")*)\s*(\/?)>/.exec(xml.slice(i)) ?? fail('bad start tag');
    i += open[0].length;
    const attributes: Record<string, string> = {};
    for (const m of open[2].matchAll(/([A-Za-z_][\w.-]*)="([^"]*)"/g)) {
      if (/&(?!(#\d+|amp|lt|gt|quot|apos);)/.test(m[2])) {
        fail('raw & in an attribute');
      }
      if (m[1] in attributes) {
        fail('duplicate attribute');
      }
      attributes[m[1]] = decode(m[2]);
    }
    const el: XmlElement = { name: open[1], attributes, children: [], text: '' };
    if (open[3]) {
      return el;
    }
    for (;;) {
      const close = new RegExp(`^</${el.name}>`).exec(xml.slice(i));
      if (close) {
        i += close[0].length;
        return el;
      }
      if (xml[i] === '<') {
        el.children.push(element());
      } else {
        const end = xml.indexOf('<', i);
        const raw = xml.slice(i, end < 0 ? fail('unclosed element') : end);
        if (/&(?!(#\d+|amp|lt|gt|quot|apos);)/.test(raw) || raw.includes('>')) {
          fail('unescaped text');
        }
        el.text += decode(raw);
        i = end;
      }
    }
  };
  const root = element();
  if (xml.slice(i).trim() !== '') {
    fail('content after the root element');
  }
  return root;
}

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
