/**
 * The reference index's warm-up in the language worker (./referenceIndex.ts): the
 * sources' analyses done off the extension host's thread, a few small batches in flight.
 */
import type { GraphQLSchema } from 'graphql';
import type { ReferenceEntry, RemoteAnalyser, WarmOptions } from './referenceTypes';

/**
 * Sources per batch sent to the worker: its answer (every occurrence of every source, a few
 * thousand small objects) is cloned on the host's thread in one step when it arrives, so a batch is
 * kept small (25: under a millisecond to take in quiet, where 100 took 3-4 ms and, with the young
 * generation's collections it set off, up to 10-18 ms of the host's thread in one task).
 */
const REMOTE_BATCH = 25;

/**
 * `warm` with the analyses done in the worker, a few batches in flight (grouped by schema); each
 * answer is taken in as it comes, for the entries `isCurrent` still holds (their text is the one
 * sent). Batches the worker cannot do are analysed here by `warmHere` (in slices), which gets the
 * progress reporter offset by what the worker did.
 */
export async function warmRemotely(
  todo: readonly ReferenceEntry[],
  options: WarmOptions,
  remote: RemoteAnalyser,
  isCurrent: (entry: ReferenceEntry) => boolean,
  warmHere: (onProgress: WarmOptions['onProgress']) => Promise<void>,
): Promise<void> {
  const bySchema = new Map<GraphQLSchema | undefined, ReferenceEntry[]>();
  for (const entry of todo) {
    const schema = options.schemaOf(entry.source.hostUri);
    const same = bySchema.get(schema);
    if (same) {
      same.push(entry);
    } else {
      bySchema.set(schema, [entry]);
    }
  }
  const batches: { schema: GraphQLSchema | undefined; entries: ReferenceEntry[] }[] = [];
  for (const [schema, entries] of bySchema) {
    for (let i = 0; i < entries.length; i += REMOTE_BATCH) {
      batches.push({ schema, entries: entries.slice(i, i + REMOTE_BATCH) });
    }
  }
  let done = 0;
  const local: ReferenceEntry[] = [];
  const run = async (batch: (typeof batches)[number]): Promise<void> => {
    const answer = options.isCancelled?.()
      ? undefined
      : await remote.analyse(
          batch.schema,
          batch.entries.map((e) => ({ id: e.source.id, text: e.source.text })),
        );
    if (!answer) {
      local.push(...batch.entries);
      return;
    }
    batch.entries.forEach((entry, i) => {
      if (isCurrent(entry)) {
        entry.syntax ??= answer[i].syntax;
        const found = answer[i].schema;
        if (batch.schema && found) {
          entry.schemas ??= new WeakMap();
          entry.schemas.set(batch.schema, found);
        }
      }
    });
    done += batch.entries.length;
    options.onProgress?.(done, todo.length);
  };
  let next = 0;
  const lane = async () => {
    while (next < batches.length && !options.isCancelled?.()) {
      await run(batches[next++]);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, remote.parallelism) }, lane));
  if (local.length > 0 && !options.isCancelled?.()) {
    await warmHere(options.onProgress && ((n) => options.onProgress!(done + n, todo.length)));
  }
}
