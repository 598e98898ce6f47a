/**
 * What changed between two versions of a schema, for people: graphql-js's `findBreakingChanges`
 * and `findDangerousChanges` on the two schemas, each change with its schema coordinate
 * (`Task.status`, `Query.tasks(first:)`, `TaskStatus.BLOCKED`, `@cached`), a one-line summary
 * ("2 breaking, 1 dangerous") and a markdown view grouped by kind.
 *
 * graphql-js compares whole schemas in one synchronous call (up to 100 ms on GitHub's schema): the
 * product's path runs it in the language worker (diffSchemaVersions), on schemas it built from the
 * cache files it kept; only the fallback without a worker runs it on the calling thread.
 */
import { findBreakingChanges, findDangerousChanges, type GraphQLSchema } from 'graphql';
import type { SchemaSource } from '../codegen/protocol';
import { CancelledError } from '../errors';
import { inert } from '../text/inert';
import { TimeSlicer, type TimeSlicerOptions } from '../timeSlicer';

/** Whether a change can break existing operations (breaking) or change their results (dangerous). */
export type SchemaChangeKind = 'breaking' | 'dangerous';

/** One change between two schema versions. */
export interface SchemaChange {
  readonly kind: SchemaChangeKind;
  /** graphql-js's change type, e.g. `FIELD_REMOVED`, `VALUE_ADDED_TO_ENUM`. */
  readonly type: string;
  /** The schema coordinate the change is about, e.g. `Task.dueDate`, `Query.tasks(first:)`, `@include`. */
  readonly coordinate: string;
  /** graphql-js's sentence, e.g. "Task.dueDate was removed." (names and values come from the server). */
  readonly description: string;
}

/** The changes from one schema version to the next, each group sorted by coordinate. */
export interface SchemaDiff {
  readonly breaking: readonly SchemaChange[];
  readonly dangerous: readonly SchemaChange[];
}

/**
 * Sentences of graphql 16 that name a member without writing its coordinate (graphql 17 writes
 * `Type.field`, `Type.field(arg:)`, `Type.VALUE`, `@directive(arg:)` in its sentences), and the
 * sentences of both that are about a type named after another one.
 */
const WORDED: readonly (readonly [RegExp, (m: RegExpExecArray) => string])[] = [
  [/^(\w+)\.(\w+) arg (\w+) /, (m) => `${m[1]}.${m[2]}(${m[3]}:)`],
  [/^An? (?:required|optional) arg (\w+) on directive @?(\w+) was added/, (m) => `@${m[2]}(${m[1]}:)`],
  [/^An? (?:required|optional) arg (\w+) on (\w+)\.(\w+) was added/, (m) => `${m[2]}.${m[3]}(${m[1]}:)`],
  [/^An? (?:required|optional) field (\w+) on input type (\w+) was added/, (m) => `${m[2]}.${m[1]}`],
  [/^(\w+) was (?:added to|removed from) enum type (\w+)\./, (m) => `${m[2]}.${m[1]}`],
  [/ was (?:added to|removed from) union type (\w+)\./, (m) => m[1]],
  [/ added to interfaces implemented by (\w+)\./, (m) => m[1]],
  [/^(\w+) no longer implements interface /, (m) => m[1]],
];

/** graphql 16's sentences about a directive, which name it without its `@`. */
const DIRECTIVE_WORDED: Readonly<Record<string, RegExp>> = {
  DIRECTIVE_REMOVED: /^(?:Directive )?(\w+) was removed\./,
  DIRECTIVE_ARG_REMOVED: /^(\w+) was removed from (\w+)\./,
  DIRECTIVE_REPEATABLE_REMOVED: /from (\w+)\.$/,
  DIRECTIVE_LOCATION_REMOVED: /from (\w+)\.$/,
};

/** A coordinate written in a sentence (graphql 17, and graphql 16's `Type.field`). */
const WRITTEN = /(@\w+|\b\w+\.\w+)(\(\w+:\))?/;

/**
 * The coordinate of a change, read from graphql's sentence: graphql 16's and graphql 17's wording
 * alike (16 writes "Query.tasks arg first was removed.", 17 "Argument Query.tasks(first:) was
 * removed."). A sentence read no other way gives its first name (a type's).
 */
export function changeCoordinate(type: string, description: string): string {
  for (const [pattern, coordinate] of WORDED) {
    const m = pattern.exec(description);
    if (m) {
      return coordinateText(coordinate(m));
    }
  }
  const written = WRITTEN.exec(description);
  if (written) {
    return coordinateText(written[0]);
  }
  const directive = DIRECTIVE_WORDED[type]?.exec(description);
  if (directive) {
    return coordinateText(type === 'DIRECTIVE_ARG_REMOVED' ? `@${directive[2]}(${directive[1]}:)` : `@${directive[1]}`);
  }
  const named = /^(?:Standard scalar )?(\w+)/.exec(description);
  return coordinateText(named ? named[1] : '');
}

/** Keeps coordinates to GraphQL names and the punctuation of coordinates. */
function coordinateText(text: string): string {
  return text.replace(/[^\w.@():]/g, '');
}

const byCoordinate = (a: SchemaChange, b: SchemaChange) => (a.coordinate < b.coordinate ? -1 : a.coordinate > b.coordinate ? 1 : a.description < b.description ? -1 : 1);

/**
 * The breaking and dangerous changes from `oldSchema` to `newSchema` (graphql-js's, in one call
 * each), after a checkpoint of `options` (cancellation). Types only in the new schema are
 * additions, which graphql-js does not report.
 */
export async function diffSchemas(oldSchema: GraphQLSchema, newSchema: GraphQLSchema, options: TimeSlicerOptions | TimeSlicer = {}): Promise<SchemaDiff> {
  const slicer = options instanceof TimeSlicer ? options : new TimeSlicer(options);
  await slicer.checkpoint();
  if (oldSchema === newSchema) {
    return { breaking: [], dangerous: [] };
  }
  const changes = (kind: SchemaChangeKind, found: readonly { type: string; description: string }[]): SchemaChange[] =>
    found.map((c) => ({ kind, type: c.type, coordinate: changeCoordinate(c.type, c.description), description: c.description })).sort(byCoordinate);
  return { breaking: changes('breaking', findBreakingChanges(oldSchema, newSchema)), dangerous: changes('dangerous', findDangerousChanges(oldSchema, newSchema)) };
}

/** Where the changes between two versions can be computed off the thread (the language worker). */
export interface RemoteSchemaDiff {
  /** The changes, or undefined when it cannot compute them (the host does). */
  diff(from: SchemaSource, to: SchemaSource): Promise<SchemaDiff | undefined>;
  /** Keeps a version there, so that the diff from it to the next can be computed there too. */
  keep(source: SchemaSource): Promise<boolean>;
}

/** One side of a comparison: the host's schema and, when known, where a worker can load the same version. */
export interface SchemaVersion {
  readonly schema: GraphQLSchema;
  readonly source?: SchemaSource;
}

/**
 * The changes from `previous` to `current` (what {@link diffSchemas} answers), computed by `remote`
 * when both versions have a source and it can, else on this thread. The worker's
 * answer cannot be cancelled: a cancellation meanwhile throws once it came. `where` says which.
 */
export async function diffSchemaVersions(
  previous: SchemaVersion,
  current: SchemaVersion,
  options: { readonly remote?: RemoteSchemaDiff; readonly signal?: AbortSignal; readonly slicer?: TimeSlicer } = {},
): Promise<SchemaDiff & { readonly where: 'worker' | 'host' }> {
  const { remote, signal } = options;
  if (remote && previous.source && current.source && previous.schema !== current.schema) {
    const asked = remote.diff(previous.source, current.source);
    // The thread is free meanwhile: a slicer's slice ends here.
    const diff = options.slicer ? await options.slicer.wait(asked) : await asked;
    if (signal?.aborted) {
      throw new CancelledError();
    }
    if (diff) {
      return { ...diff, where: 'worker' };
    }
  }
  const diff = await diffSchemas(previous.schema, current.schema, options.slicer ?? { signal });
  if (remote && current.source) {
    // The next version's diff can then run in the worker (it keeps this version's cache file).
    void remote.keep(current.source).catch(() => undefined);
  }
  return { ...diff, where: 'host' };
}

/** Whether the diff has anything to tell. */
export function hasChanges(diff: SchemaDiff): boolean {
  return diff.breaking.length > 0 || diff.dangerous.length > 0;
}

/** "2 breaking, 1 dangerous" (the counts a notification leads with). */
export function diffSummary(diff: SchemaDiff): string {
  return `${diff.breaking.length} breaking, ${diff.dangerous.length} dangerous`;
}

/** What the changes view says about the two versions (all optional but the label). */
export interface ChangesViewHeader {
  /** The schema source, e.g. the environment's name. */
  readonly label: string;
  /** Where the previous version came from, when it was another source (an environment switch). */
  readonly previousLabel?: string;
  readonly previousSha256?: string;
  readonly sha256?: string;
  /** When the new version was fetched. */
  readonly fetchedAt?: Date;
}

function changeLines(changes: readonly SchemaChange[]): string[] {
  return changes.map((c) => `- \`${c.coordinate}\` — ${inert(c.description, { sink: 'markdownDoc', maxLength: 500 })} _(${c.type})_`);
}

/**
 * The changes as a markdown document, grouped breaking then dangerous, each line with its
 * coordinate. Descriptions name server-chosen names and values, so they go through the
 * `markdownDoc` sink; coordinates hold only name characters.
 */
export function changesMarkdown(diff: SchemaDiff, header: ChangesViewHeader): string {
  const label = inert(header.label, { sink: 'markdownDoc', maxLength: 200 });
  const lines = [`# Schema changes: ${label}`, ''];
  const short = (sha: string | undefined) => (sha ? sha.slice(0, 12).replace(/[^0-9a-f]/gi, '') : undefined);
  const from = header.previousLabel && header.previousLabel !== header.label ? inert(header.previousLabel, { sink: 'markdownDoc', maxLength: 200 }) : undefined;
  const versions = [
    from ? `from the schema of ${from}` : short(header.previousSha256) ? `from version ${short(header.previousSha256)}` : undefined,
    short(header.sha256) ? `to version ${short(header.sha256)}` : undefined,
    header.fetchedAt ? `fetched ${header.fetchedAt.toISOString()}` : undefined,
  ].filter((s) => s !== undefined);
  if (versions.length > 0) {
    lines.push(`Compared ${versions.join(', ')}.`, '');
  }
  lines.push(`**${diffSummary(diff)}.**`, '');
  lines.push(`## Breaking (${diff.breaking.length})`, '', 'Operations that use these may fail validation or execution.', '');
  lines.push(...(diff.breaking.length > 0 ? changeLines(diff.breaking) : ['None.']), '');
  lines.push(`## Dangerous (${diff.dangerous.length})`, '', 'Operations keep validating, but their results or behaviour may change.', '');
  lines.push(...(diff.dangerous.length > 0 ? changeLines(diff.dangerous) : ['None.']), '');
  return lines.join('\n');
}
