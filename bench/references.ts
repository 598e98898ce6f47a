/**
 * Bench rows for find references: a generated workspace of 2,000 GraphQL documents on
 * GitHub's schema, through the path the VS Code adapter takes (ReferenceService: sync the
 * workspace's texts, warm the index in yielding slices, look the symbol up, collect the places).
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { GraphQLSchema } from 'graphql';
import { ReferenceIndex } from '../src/core/language/referenceIndex';
import { probeLongestTask } from './longTask';
import { summarize, timeEach, type Summary } from './stats';

/** One row of the bench table (the shape bench.ts prints). */
export interface ReferenceRow {
  readonly name: string;
  readonly ours?: Summary;
  readonly targetP95?: number;
  readonly note?: string;
}

const DOCUMENTS = 2000;
const FRAGMENT_FILES = 100;

/** The generated workspace: fragment files and operation files that spread them. */
export function generatedWorkspace(count = DOCUMENTS): { uri: string; text: string }[] {
  const files: { uri: string; text: string }[] = [];
  for (let i = 0; i < FRAGMENT_FILES; i++) {
    files.push({
      uri: `file:///bench/ws/fragments/f${i}.graphql`,
      text: `fragment Repo${i} on Repository {\n  name\n  owner { login }\n  stargazerCount\n}\n\nfragment Issue${i} on Issue {\n  title\n  state\n  author { login }\n}\n`,
    });
  }
  for (let i = FRAGMENT_FILES; i < count; i++) {
    const f = 1 + (i % (FRAGMENT_FILES - 1));
    files.push({
      uri: `file:///bench/ws/ops/q${i}.graphql`,
      text: [
        `query Repo${i}($owner: String!, $name: String!, $first: Int = 10) {`,
        '  repository(owner: $owner, name: $name) {',
        `    ...Repo${f}`,
        `    ...Repo0`,
        '    issues(first: $first, states: [OPEN]) {',
        `      nodes { ...Issue${f} number createdAt }`,
        '    }',
        '  }',
        '}',
        '',
      ].join('\n'),
    });
  }
  return files;
}

/** Measures the first call (index build) and warm calls of references to a fragment. */
export async function benchReferences(schema: GraphQLSchema, quick: boolean): Promise<ReferenceRow[]> {
  const files = generatedWorkspace();
  const schemaOf = () => schema;
  const rounds = quick ? 20 : 100;
  const fragment = { kind: 'fragment', name: 'Repo0' } as const;

  // First call: sync the texts, warm (parse and analyse every document, schema coordinates
  // included) in yielding slices, then answer; the event loop's longest block is recorded.
  const index = new ReferenceIndex();
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const t0 = performance.now();
  let first: ReturnType<ReferenceIndex['references']> = [];
  const probe = await probeLongestTask(async () => {
    index.syncFiles(files);
    await index.warm({ schemaOf });
    first = index.references(fragment, { schemaOf, includeDeclaration: true });
  });
  const coldMs = performance.now() - t0;
  delay.disable();
  if (first.length !== DOCUMENTS - FRAGMENT_FILES + 1) {
    throw new Error(`expected ${DOCUMENTS - FRAGMENT_FILES + 1} references to Repo0, got ${first.length}`);
  }

  // Warm: what every later call does (sync the 2,000 texts, check nothing waits, collect the places).
  const warm = timeEach(Array.from({ length: rounds }), () => {
    index.syncFiles(files);
    if (index.pending(schemaOf) !== 0) {
      throw new Error('the index should be warm');
    }
    return index.references(fragment, { schemaOf, includeDeclaration: true });
  });
  const field = { kind: 'schema', coordinate: 'Repository.stargazerCount', what: 'field' } as const;
  const warmField = timeEach(Array.from({ length: rounds }), () => {
    index.syncFiles(files);
    return index.references(field, { schemaOf, schema, includeDeclaration: true });
  });

  return [
    {
      name: `references to a fragment, ${DOCUMENTS} documents, first call (index build)`,
      ours: summarize([coldMs]),
      targetP95: 2000,
      note: `longest event-loop block during the build ${(delay.max / 1e6).toFixed(1)} ms (slices of 10 ms, target <= 50)`,
    },
    {
      name: `longest event-loop block while the references index builds, ${DOCUMENTS} documents`,
      ours: { n: 1, p50: delay.max / 1e6, p95: delay.max / 1e6 },
      targetP95: 50,
      note: `monitorEventLoopDelay (5 ms resolution) over the first call: sync, warm, answer; setImmediate probe: longest gap ${probe.longestMs.toFixed(1)} ms (CPU in it ${probe.cpuOfLongestMs.toFixed(1)} ms), most CPU in one gap ${probe.longestCpuMs.toFixed(1)} ms`,
    },
    { name: `references to a fragment, ${DOCUMENTS} documents, warm`, ours: summarize(warm), targetP95: 100 },
    { name: `references to a field (Repository.stargazerCount), ${DOCUMENTS} documents, warm`, ours: summarize(warmField), targetP95: 100 },
  ];
}
