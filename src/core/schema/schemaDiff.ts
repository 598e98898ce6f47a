/**
 * What changed between two versions of a schema, for people: graphql-js's `findBreakingChanges`
 * and `findDangerousChanges`, each change with its schema coordinate (`Task.status`,
 * `Query.tasks(first:)`, `TaskStatus.BLOCKED`, `@cached`), a one-line summary ("2 breaking,
 * 1 dangerous") and a markdown view grouped by kind.
 *
 * graphql-js compares whole schemas in one synchronous call (up to 100 ms each on GitHub's schema,
 * more than a task may hold the extension host). Its comparison reads a schema only through
 * `getTypeMap()` and `getDirectives()`, so this module asks it about one type (or directive) at a
 * time, through views of the two schemas that hold just that type, and yields between them: the
 * same changes (a unit test checks it against the whole-schema call), in slices.
 */
import { findBreakingChanges, findDangerousChanges, type GraphQLDirective, type GraphQLNamedType, type GraphQLSchema } from 'graphql';
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

type SchemaView = Pick<GraphQLSchema, 'getTypeMap' | 'getDirectives'>;

function viewOf(types: readonly GraphQLNamedType[], directives: readonly GraphQLDirective[]): GraphQLSchema {
  const map: Record<string, GraphQLNamedType> = Object.create(null) as Record<string, GraphQLNamedType>;
  for (const t of types) {
    map[t.name] = t;
  }
  const view: SchemaView = { getTypeMap: () => map, getDirectives: () => directives };
  // graphql-js's comparison reads nothing else of a schema (see the module comment).
  return view as GraphQLSchema;
}

/** Keeps coordinates to GraphQL names and the punctuation of coordinates. */
function coordinateText(text: string): string {
  return text.replace(/[^\w.@():]/g, '');
}

/** The coordinate of a change graphql-js found on `typeName`, read from its sentence. */
function typeCoordinate(typeName: string, description: string): string {
  let m = /^(\w+)\.(\w+) arg (\w+) /.exec(description);
  if (m) {
    return `${m[1]}.${m[2]}(${m[3]}:)`;
  }
  m = /^An? (?:required|optional) arg (\w+) on (\w+)\.(\w+) was added/.exec(description);
  if (m) {
    return `${m[2]}.${m[3]}(${m[1]}:)`;
  }
  m = /^An? (?:required|optional) field (\w+) on input type (\w+) was added/.exec(description);
  if (m) {
    return `${m[2]}.${m[1]}`;
  }
  m = /^(\w+) was (?:added to|removed from) enum type (\w+)\./.exec(description);
  if (m) {
    return `${m[2]}.${m[1]}`;
  }
  m = /^(\w+)\.(\w+) (?:was removed|changed type)/.exec(description);
  if (m && m[1] === typeName) {
    return `${m[1]}.${m[2]}`;
  }
  return typeName;
}

/** The coordinate of a change graphql-js found on directive `name`. */
function directiveCoordinate(name: string, type: string, description: string): string {
  const arg =
    type === 'REQUIRED_DIRECTIVE_ARG_ADDED'
      ? /^A required arg (\w+) on directive/.exec(description)
      : type === 'DIRECTIVE_ARG_REMOVED'
        ? /^(\w+) was removed from/.exec(description)
        : null;
  return arg ? `@${name}(${arg[1]}:)` : `@${name}`;
}

function changesOf(
  oldView: GraphQLSchema,
  newView: GraphQLSchema,
  coordinate: (type: string, description: string) => string,
  into: { breaking: SchemaChange[]; dangerous: SchemaChange[] },
): void {
  for (const c of findBreakingChanges(oldView, newView)) {
    into.breaking.push({ kind: 'breaking', type: c.type, coordinate: coordinateText(coordinate(c.type, c.description)), description: c.description });
  }
  for (const c of findDangerousChanges(oldView, newView)) {
    into.dangerous.push({ kind: 'dangerous', type: c.type, coordinate: coordinateText(coordinate(c.type, c.description)), description: c.description });
  }
}

const byCoordinate = (a: SchemaChange, b: SchemaChange) => (a.coordinate < b.coordinate ? -1 : a.coordinate > b.coordinate ? 1 : a.description < b.description ? -1 : 1);

/**
 * The breaking and dangerous changes from `oldSchema` to `newSchema`, computed one type at a time
 * with a checkpoint of `options` (yield, cancellation) between types. Types only in the new schema
 * are additions, which graphql-js does not report.
 */
export async function diffSchemas(oldSchema: GraphQLSchema, newSchema: GraphQLSchema, options: TimeSlicerOptions | TimeSlicer = {}): Promise<SchemaDiff> {
  const slicer = options instanceof TimeSlicer ? options : new TimeSlicer(options);
  const out = { breaking: [] as SchemaChange[], dangerous: [] as SchemaChange[] };
  if (oldSchema === newSchema) {
    return out;
  }
  const newTypes = newSchema.getTypeMap();
  for (const oldType of Object.values(oldSchema.getTypeMap())) {
    await slicer.checkpoint();
    const newType = newTypes[oldType.name];
    changesOf(viewOf([oldType], []), viewOf(newType ? [newType] : [], []), (_t, d) => typeCoordinate(oldType.name, d), out);
  }
  const newDirectives = new Map(newSchema.getDirectives().map((d) => [d.name, d]));
  for (const oldDirective of oldSchema.getDirectives()) {
    await slicer.checkpoint();
    const newDirective = newDirectives.get(oldDirective.name);
    changesOf(viewOf([], [oldDirective]), viewOf([], newDirective ? [newDirective] : []), (t, d) => directiveCoordinate(oldDirective.name, t, d), out);
  }
  return { breaking: out.breaking.sort(byCoordinate), dangerous: out.dangerous.sort(byCoordinate) };
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
 * when both versions have a source and it can, else on this thread in slices. The worker's
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
