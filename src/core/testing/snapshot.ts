/**
 * Snapshots: the answer (data and errors) without the paths a case ignores, compared as canonical
 * JSON, and saved into the test file's snapshot assertion with a jsonc-parser edit (comments and
 * formatting of the rest of the file survive).
 */
import { createHash } from 'node:crypto';
import { JSONPath } from 'jsonpath-plus';
import { applyEdits, modify, parseTree, findNodeAtOffset, getNodePath, type JSONPath as JsoncPath } from 'jsonc-parser';

/** The part of an answer a snapshot keeps: `data` and `errors` (extensions hold timings and traces), without the ignored paths. */
export function snapshotOf(body: unknown, ignore: readonly string[]): unknown {
  const source = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const kept: Record<string, unknown> = {};
  if ('data' in source) {
    kept.data = source.data;
  }
  if ('errors' in source && source.errors !== undefined) {
    kept.errors = source.errors;
  }
  const copy = structuredClone(kept);
  // Every path is matched on the whole answer first, then the matches removed deepest first and
  // list items from the end, so that removing one does not move another.
  const pointers = new Set<string>();
  for (const path of ignore) {
    for (const pointer of (JSONPath({ path, json: copy, eval: 'safe', wrap: true, resultType: 'pointer' }) as string[] | undefined) ?? []) {
      pointers.add(pointer);
    }
  }
  for (const pointer of [...pointers].sort(comparePointers)) {
    removeAt(copy, pointer);
  }
  return copy;
}

function comparePointers(a: string, b: string): number {
  const pa = a.split('/');
  const pb = b.split('/');
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    if (pa[i] !== pb[i]) {
      const na = Number(pa[i]);
      const nb = Number(pb[i]);
      return Number.isInteger(na) && Number.isInteger(nb) ? nb - na : pa[i] < pb[i] ? -1 : 1;
    }
  }
  return pb.length - pa.length;
}

function removeAt(root: unknown, pointer: string): void {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (parts.length === 0) {
    return;
  }
  let node = root;
  for (const part of parts.slice(0, -1)) {
    if (node === null || typeof node !== 'object') {
      return;
    }
    node = (node as Record<string, unknown>)[part];
  }
  const last = parts[parts.length - 1];
  if (Array.isArray(node)) {
    node.splice(Number(last), 1);
  } else if (node !== null && typeof node === 'object') {
    delete (node as Record<string, unknown>)[last];
  }
}

/** JSON text with object keys sorted at every level: two answers that differ only in key order are the same. */
export function canonicalJson(value: unknown): string {
  return (
    JSON.stringify(value, (_key, v: unknown) =>
      v !== null && typeof v === 'object' && !Array.isArray(v)
        ? Object.fromEntries(
            Object.keys(v as object)
              .sort()
              .map((k) => [k, (v as Record<string, unknown>)[k]]),
          )
        : v,
    ) ?? 'undefined'
  );
}

/** The fingerprint of an operation's text (whitespace runs folded): a snapshot remembers what it was taken of. */
export function operationFingerprint(operationText: string): string {
  return createHash('sha256').update(operationText.replace(/\s+/g, ' ').trim()).digest('hex').slice(0, 12);
}

/**
 * The version of a schema a snapshot records: the first 12 hex digits of the SHA-256 of the
 * environment's introspection JSON (the schema cache's `sha256`, the one the log shows), the same
 * for the extension and the command line.
 */
export function schemaVersionOf(sha256: string): string {
  return sha256.slice(0, 12);
}

/** The SHA-256 (hex) of an introspection payload as the schema cache computes it: of its JSON text. */
export function introspectionSha256(payload: unknown): string {
  return createHash('sha256').update(JSON.stringify(payload)).digest('hex');
}

/**
 * The test file's text with the snapshot assertion at `assertionOffset` (the offset of its object)
 * holding `answer` (ignored paths left out), the operation's fingerprint and the version of the
 * schema it was taken on (left out when unknown: an older one would no longer be true). Undefined
 * when no snapshot assertion starts there (the file changed meanwhile).
 */
export function withSnapshot(text: string, assertionOffset: number, answer: unknown, ignore: readonly string[], fingerprint: string, schemaVersion?: string): string | undefined {
  const root = parseTree(text, [], { allowTrailingComma: true });
  const node = root && findNodeAtOffset(root, assertionOffset + 1, true);
  let objectNode = node;
  while (objectNode && !(objectNode.type === 'object' && objectNode.offset === assertionOffset)) {
    objectNode = objectNode.parent;
  }
  if (!objectNode) {
    return undefined;
  }
  const path: JsoncPath = getNodePath(objectNode);
  const snapshotMember = objectNode.children?.find((m) => m.children?.[0]?.value === 'snapshot');
  if (!snapshotMember) {
    return undefined;
  }
  const indent = detectIndent(text);
  const options = { formattingOptions: { insertSpaces: indent !== '\t', tabSize: indent === '\t' ? 1 : indent.length, eol: text.includes('\r\n') ? '\r\n' : '\n' } };
  let next = applyEdits(text, modify(text, [...path, 'snapshot', 'value'], snapshotOf(answer, ignore), options));
  next = applyEdits(next, modify(next, [...path, 'snapshot', 'of'], fingerprint, options));
  next = applyEdits(next, modify(next, [...path, 'snapshot', 'schema'], schemaVersion, options));
  return next;
}

function detectIndent(text: string): string {
  const m = /\n([ \t]+)\S/.exec(text);
  return m ? (m[1].startsWith('\t') ? '\t' : m[1].length >= 4 ? '    ' : '  ') : '  ';
}
