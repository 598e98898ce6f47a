/**
 * The schema on disk for other tools (`tenantGraphql.schema.writeTo`, Save Schema As…): SDL or
 * introspection JSON with a header naming the environment and when its schema was fetched. The
 * file is rewritten only when the schema (or the environment) changed: the time in the header
 * alone never makes a new file, so the bytes stay the same while the schema does and git stays
 * clean. Nothing in it comes from the session: no token, no address, only the schema and a name.
 */
import { printSchema, type GraphQLSchema, type IntrospectionQuery } from 'graphql';
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { writeFileAtomically } from '../atomicFile';
import { OutsideFolderError, resolveInsideFolder } from '../folderPath';

/** How the schema is written: SDL, or an introspection result. */
export type SchemaFileFormat = 'sdl' | 'introspection';

/** The format a file name asks for: `.json` is introspection, anything else SDL. */
export function schemaFileFormat(file: string): SchemaFileFormat {
  return path.extname(file).toLowerCase() === '.json' ? 'introspection' : 'sdl';
}

/** What the header says. */
export interface SchemaFileHeader {
  /** The environment the schema belongs to (a name from the settings). */
  readonly environment: string;
  /** When the schema was fetched. */
  readonly fetchedAt: Date;
}

/** The header's words, one line, with nothing that could end a comment or a JSON string. */
function headerLine(header: SchemaFileHeader, timed: boolean): string {
  const name = header.environment
    .replace(/[\r\n"\\*/]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const when = timed ? `, fetched ${header.fetchedAt.toISOString()}` : '';
  return `Schema of the environment "${name}"${when}. Written by Tenant GraphQL (tenantGraphql.schema.writeTo): do not edit, it is rewritten when the schema changes.`;
}

/** The key of the JSON header (a comment in JSON's own way; readers look at `__schema` only). */
const JSON_HEADER_KEY = '//';

/**
 * The file's text: for SDL, a `#` comment line and graphql's printed schema; for introspection,
 * `{ "//": header, "__schema": … }` indented by two spaces (diffs stay readable). `introspection`
 * is what the Service answered (kept as it came, with its order); only SDL needs the schema.
 */
export function schemaFileText(
  format: SchemaFileFormat,
  header: SchemaFileHeader,
  source: { readonly schema?: GraphQLSchema; readonly introspection?: IntrospectionQuery },
): string {
  return render(format, headerLine(header, true), source);
}

function render(format: SchemaFileFormat, header: string, source: { readonly schema?: GraphQLSchema; readonly introspection?: IntrospectionQuery }): string {
  if (format === 'introspection') {
    if (!source.introspection) {
      throw new Error('An introspection file needs the introspection result.');
    }
    return `${JSON.stringify({ [JSON_HEADER_KEY]: header, __schema: source.introspection.__schema }, null, 2)}\n`;
  }
  if (!source.schema) {
    throw new Error('An SDL file needs the schema.');
  }
  return `# ${header}\n\n${printSchema(source.schema)}\n`;
}

/** The text without the time in its header (the header comes first, so the first match is its time). */
function withoutTime(text: string): string {
  return text.replace(/, fetched \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z\./, '.');
}

/** Whether `next` holds something `existing` does not (ignoring the time in the header). */
export function schemaFileChanged(existing: string | undefined, next: string): boolean {
  return existing === undefined || withoutTime(existing) !== withoutTime(next);
}

/**
 * Writes the schema file when it changed (atomically: a temporary file, then rename) and says
 * whether it did. An unreadable existing file counts as changed. With `root` (a setting named the
 * file), only when the file is inside that folder on disk: else {@link OutsideFolderError}.
 */
export async function writeSchemaFile(file: string, text: string, root?: string): Promise<boolean> {
  let target = file;
  if (root !== undefined) {
    const check = await resolveInsideFolder(root, file);
    if (!check.ok) {
      throw new OutsideFolderError(check.reason);
    }
    target = check.path;
  }
  const existing = await readFile(target, 'utf8').catch(() => undefined);
  if (!schemaFileChanged(existing, text)) {
    return false;
  }
  await writeFileAtomically(target, text);
  return true;
}
