/**
 * The JUnit report checked against the schema CI systems read it with: the Jenkins xUnit plugin's
 * `junit-10.xsd` (MIT, the de facto JUnit schema, also what Surefire's reports follow). No XSD
 * validator is a dependency of the project (a full one would be `xmllint-wasm`, libxml2 built to
 * WebAssembly), so its rules are written out here, element by element, as the XSD states them:
 * which elements exist, what each may hold (and whether text), which attributes it declares (any
 * other is invalid), which are required, and the pattern of `time`. Every global element of that
 * XSD is listed; the checker is tested on invalid documents beside the valid ones.
 */

export interface XmlElement {
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
 * `&` in text or attributes, and on unbalanced tags.
 */
export function parseXml(xml: string): XmlElement {
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

/** The XSD's `SUREFIRE_TIME` (an XSD pattern matches the whole value). */
const SUREFIRE_TIME = /^(?:(?:(?:[0-9]{0,3},)*[0-9]{3}|[0-9]{0,3})*(?:\.[0-9]*)?)$/;

interface ElementRule {
  /**
   * The elements it may hold, any number in any order: the XSD's `choice maxOccurs="unbounded"` or a
   * sequence of one repeated element. The rerun elements' sequence (stackTrace, system-out,
   * system-err, each at most once, in that order) is not checked: the report writes none.
   */
  readonly children: readonly string[];
  /** Whether it holds text (`mixed="true"` or `type="xs:string"`); otherwise only whitespace between elements. */
  readonly text: boolean;
  /** Declared attributes: true when `use="required"`. */
  readonly attributes: Readonly<Record<string, boolean>>;
  /** Attributes of a restricted type. */
  readonly patterns?: Readonly<Record<string, RegExp>>;
}

const RERUN: ElementRule = { children: ['stackTrace', 'system-out', 'system-err'], text: true, attributes: { message: false, type: true } };
const MESSAGE: ElementRule = { children: [], text: true, attributes: { type: false, message: false } };
const STRING: ElementRule = { children: [], text: true, attributes: {} };

/** junit-10.xsd, element by element. */
export const JUNIT_10_XSD: Readonly<Record<string, ElementRule>> = {
  testsuites: {
    children: ['testsuite'],
    text: false,
    attributes: { name: false, time: false, tests: false, failures: false, errors: false },
    patterns: { time: SUREFIRE_TIME },
  },
  testsuite: {
    children: ['testsuite', 'properties', 'testcase', 'system-out', 'system-err'],
    text: false,
    attributes: {
      name: true,
      tests: true,
      failures: true,
      errors: true,
      group: false,
      time: false,
      skipped: false,
      timestamp: false,
      hostname: false,
      id: false,
      package: false,
      file: false,
      log: false,
      url: false,
    },
    patterns: { time: SUREFIRE_TIME },
  },
  testcase: {
    children: ['skipped', 'error', 'failure', 'rerunFailure', 'rerunError', 'flakyFailure', 'flakyError', 'system-out', 'system-err'],
    text: false,
    attributes: { name: true, time: false, classname: false, group: false },
  },
  failure: MESSAGE,
  error: MESSAGE,
  skipped: MESSAGE,
  properties: { children: ['property'], text: false, attributes: {} },
  property: { children: [], text: false, attributes: { name: true, value: true } },
  'system-out': STRING,
  'system-err': STRING,
  stackTrace: STRING,
  rerunFailure: RERUN,
  rerunError: RERUN,
  flakyFailure: RERUN,
  flakyError: RERUN,
};

/** What in a document breaks junit-10.xsd (empty: valid), each with its element's path. */
export function junitSchemaViolations(root: XmlElement): string[] {
  const violations: string[] = [];
  const visit = (el: XmlElement, path: string) => {
    const rule = JUNIT_10_XSD[el.name];
    if (!rule) {
      violations.push(`${path}: no element "${el.name}" in the schema`);
      return;
    }
    for (const [name, required] of Object.entries(rule.attributes)) {
      if (required && !(name in el.attributes)) {
        violations.push(`${path}: the required attribute "${name}" is missing`);
      }
    }
    for (const [name, value] of Object.entries(el.attributes)) {
      if (!(name in rule.attributes)) {
        violations.push(`${path}: the attribute "${name}" is not declared`);
      } else if (rule.patterns?.[name] && !rule.patterns[name].test(value)) {
        violations.push(`${path}: "${name}" is ${JSON.stringify(value)}, not of its type's pattern`);
      }
    }
    if (!rule.text && el.text.trim() !== '') {
      violations.push(`${path}: holds text, which its type does not allow`);
    }
    el.children.forEach((child, i) => {
      if (!rule.children.includes(child.name)) {
        violations.push(`${path}: may not hold "${child.name}"`);
      } else {
        visit(child, `${path}/${child.name}[${i}]`);
      }
    });
  };
  visit(root, root.name);
  return violations;
}
