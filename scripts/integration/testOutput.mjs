// What the test process says through the workbench's console (code-server's `codeAutomationLog`
// binding): the tests' own output, marked; instructions for the person at the browser, marked; and
// the rest of the workbench's console (printed with --verbose only).

// Must match TEST_OUTPUT_MARKER in test/integration/index.ts.
export const TEST_OUTPUT_MARKER = '\u2063[tgq-test] ';
// Must match HARNESS_MARKER in test/integration/helpers.ts: instructions from a test to "the person
// at the browser" (the browser harness), e.g. {"consent":"deny","user":"bob"}.
export const HARNESS_MARKER = '\u2063[tgq-harness] ';

/**
 * One line of the workbench's console, classified:
 *   { kind: 'harness', instruction }   a test's instruction to the browser harness (parsed JSON)
 *   { kind: 'test', text, inDocument } a line of the tests' output; inDocument when it says a result was
 *                                      shown in its JSON document (the results page did not render it)
 *   { kind: 'console', text }          anything else the workbench logged
 */
export function classifyLine(line) {
  const h = line.indexOf(HARNESS_MARKER);
  if (h >= 0) {
    return { kind: 'harness', instruction: JSON.parse(line.slice(h + HARNESS_MARKER.length)) };
  }
  const i = line.indexOf(TEST_OUTPUT_MARKER);
  if (i >= 0) {
    return { kind: 'test', text: line.slice(i + TEST_OUTPUT_MARKER.length), inDocument: line.includes('shown in the document') };
  }
  return { kind: 'console', text: line };
}

/** The address that opens the workbench on the part's folder (or multi-root workspace) with the test payload. */
export function workbenchUrl(base, { workspace, multiRoot }, payload) {
  const target = multiRoot ? `workspace=${encodeURIComponent(multiRoot)}` : `folder=${encodeURIComponent(workspace)}`;
  return `${base}/?${target}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
}

/** code-server's payload: the extension under development, the tests' entry and the extension host's environment. */
export function testPayload(root, extensionEnvironment) {
  return [
    ['extensionDevelopmentPath', `vscode-remote://remote${root}`],
    ['extensionTestsPath', `vscode-remote://remote${root}/out/integration/index.js`],
    ['extensionEnvironment', JSON.stringify(extensionEnvironment)],
    ['skipWelcome', 'true'],
  ];
}
