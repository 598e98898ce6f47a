/**
 * Building a GraphQLSchema from what the Service or a workspace gives us: an introspection result
 * (from the live endpoint or the disk cache) or an SDL / JSON file named by a graphql-config.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import {
  buildASTSchema,
  buildClientSchema,
  getIntrospectionQuery,
  GraphQLSchema,
  Kind,
  parse,
  validateSchema,
  type DefinitionNode,
  type DocumentNode,
  type IntrospectionQuery,
} from 'graphql';
import { TenantGraphqlError } from '../errors';
import { yieldToEventLoop, type Yield } from '../timeSlicer';

/**
 * The standard introspection query with everything the language features show: descriptions,
 * deprecations (also of arguments and input fields), repeatable directives, the schema
 * description and `specifiedByURL`.
 */
export const INTROSPECTION_QUERY: string = getIntrospectionQuery({
  descriptions: true,
  inputValueDeprecation: true,
  directiveIsRepeatable: true,
  schemaDescription: true,
  specifiedByUrl: true,
});

/** A schema plus what was wrong with its source but tolerated (for the log and the user). */
export interface LoadedSchema {
  readonly schema: GraphQLSchema;
  readonly warnings: string[];
  /**
   * Schema files ({@link loadSchemaFiles}): the SHA-256 of the texts read, so that whoever loads
   * the same files later (the language worker) can tell whether it read the same content.
   */
  readonly filesSha256?: string;
}

/** The schema source could not be turned into a schema at all. */
export class SchemaLoadError extends TenantGraphqlError {}

/**
 * Returns the `__schema` payload of an introspection result, accepting `{ data: { __schema } }`
 * (a GraphQL response), `{ __schema }` and the same as JSON text. Throws SchemaLoadError otherwise.
 */
export function introspectionPayload(json: unknown): IntrospectionQuery {
  let value = json;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch (err) {
      throw new SchemaLoadError(`The introspection result is not valid JSON: ${(err as Error).message}`);
    }
  }
  if (isRecord(value) && isRecord(value.data) && isRecord(value.data.__schema)) {
    return value.data as unknown as IntrospectionQuery;
  }
  if (isRecord(value) && isRecord(value.__schema)) {
    return value as unknown as IntrospectionQuery;
  }
  if (isRecord(value) && Array.isArray(value.errors) && value.errors.length > 0) {
    const first = value.errors[0] as unknown;
    const message = isRecord(first) && typeof first.message === 'string' ? first.message : 'unknown error';
    throw new SchemaLoadError(`The introspection query failed: ${message}`);
  }
  throw new SchemaLoadError('The introspection result has no __schema (expected { data: { __schema } } or { __schema }).');
}

/**
 * Builds a client schema from an introspection result (object or JSON text, with or without the
 * `data` envelope) with graphql's `buildClientSchema`, the thread yielded before and after it and
 * before its validation, so that the build and the validation are tasks of their own. Schema
 * validation problems become warnings: the schema still loads, so a slightly non-conforming server
 * does not lose its editor features. With `assumeValid` (only for an introspection graphql's
 * validateSchema already found valid) the schema is not validated again.
 */
export async function schemaFromIntrospection(json: unknown, yieldThread: Yield = yieldToEventLoop, options: { readonly assumeValid?: boolean } = {}): Promise<LoadedSchema> {
  const payload = introspectionPayload(json);
  await yieldThread(); // after JSON.parse of a text
  let schema: GraphQLSchema;
  try {
    schema = buildClientSchema(payload, options);
  } catch (err) {
    throw new SchemaLoadError(`The introspection result cannot be turned into a schema: ${(err as Error).message}`, {
      cause: err,
    });
  }
  await yieldThread();
  return tolerateInvalid(schema, []);
}

/**
 * Builds a schema from SDL. Real-world SDL is not always valid: GitHub's public schema defines
 * two fields twice. Duplicate type, field, argument and enum value definitions are dropped (the
 * first one is kept) with a warning; other schema validation errors are warnings too. Only SDL
 * that cannot be parsed or names unknown types throws SchemaLoadError.
 */
export function schemaFromSdl(text: string): LoadedSchema {
  let document: DocumentNode;
  try {
    document = parse(text, { noLocation: true });
  } catch (err) {
    throw new SchemaLoadError(`The schema SDL cannot be parsed: ${(err as Error).message}`, { cause: err });
  }
  const warnings: string[] = [];
  const deduped = dedupeDefinitions(document, warnings);
  let schema: GraphQLSchema;
  try {
    schema = buildASTSchema(deduped, { assumeValidSDL: true });
  } catch (err) {
    throw new SchemaLoadError(`The schema SDL cannot be turned into a schema: ${(err as Error).message}`, {
      cause: err,
    });
  }
  return tolerateInvalid(schema, warnings);
}

/**
 * Loads a schema file named by a graphql-config: `.graphql`, `.graphqls` or `.gql` as SDL, `.json`
 * as an introspection result (`{ data: { __schema } }` or `{ __schema }`).
 */
export async function schemaFromFile(filePath: string): Promise<LoadedSchema> {
  const ext = path.extname(filePath).toLowerCase();
  if (ext !== '.json' && ext !== '.graphql' && ext !== '.graphqls' && ext !== '.gql') {
    throw new SchemaLoadError(`Unsupported schema file type "${ext}": use .graphql, .graphqls, .gql or .json.`);
  }
  const text = await readSchemaFile(filePath);
  return ext === '.json' ? schemaFromIntrospection(text) : schemaFromSdl(text);
}

async function readSchemaFile(filePath: string): Promise<string> {
  try {
    return await readFile(filePath, 'utf8');
  } catch (err) {
    throw new SchemaLoadError(`Cannot read the schema file ${filePath}: ${(err as Error).message}`, { cause: err });
  }
}

function tolerateInvalid(schema: GraphQLSchema, warnings: string[]): LoadedSchema {
  const errors = validateSchema(schema);
  if (errors.length === 0) {
    return { schema, warnings };
  }
  for (const error of errors) {
    warnings.push(error.message);
  }
  // graphql's validate() refuses a schema with validation errors; `assumeValid` lets the
  // language features keep working on a schema that is only partly conforming.
  return { schema: new GraphQLSchema({ ...schema.toConfig(), assumeValid: true }), warnings };
}

type Named = { readonly name: { readonly value: string } };

function dedupeByName<T extends Named>(items: readonly T[] | undefined, describe: (name: string) => string, warnings: string[]): readonly T[] | undefined {
  if (!items || items.length < 2) {
    return items;
  }
  const seen = new Set<string>();
  let out: T[] | undefined;
  items.forEach((item, i) => {
    if (seen.has(item.name.value)) {
      out ??= items.slice(0, i);
      warnings.push(`${describe(item.name.value)} is defined more than once; the first definition is used.`);
      return;
    }
    seen.add(item.name.value);
    out?.push(item);
  });
  return out ?? items;
}

function dedupeDefinitions(document: DocumentNode, warnings: string[]): DocumentNode {
  const typeNames = new Set<string>();
  const definitions: DefinitionNode[] = [];
  let changed = false;
  for (const def of document.definitions) {
    switch (def.kind) {
      case Kind.OBJECT_TYPE_DEFINITION:
      case Kind.INTERFACE_TYPE_DEFINITION:
      case Kind.INPUT_OBJECT_TYPE_DEFINITION:
      case Kind.ENUM_TYPE_DEFINITION:
      case Kind.UNION_TYPE_DEFINITION:
      case Kind.SCALAR_TYPE_DEFINITION: {
        if (typeNames.has(def.name.value)) {
          warnings.push(`Type "${def.name.value}" is defined more than once; the first definition is used.`);
          changed = true;
          continue;
        }
        typeNames.add(def.name.value);
        break;
      }
      default:
        break;
    }
    const fixed = dedupeMembers(def, warnings);
    changed ||= fixed !== def;
    definitions.push(fixed);
  }
  return changed ? { ...document, definitions } : document;
}

function dedupeMembers(def: DefinitionNode, warnings: string[]): DefinitionNode {
  switch (def.kind) {
    case Kind.OBJECT_TYPE_DEFINITION:
    case Kind.OBJECT_TYPE_EXTENSION:
    case Kind.INTERFACE_TYPE_DEFINITION:
    case Kind.INTERFACE_TYPE_EXTENSION: {
      const typeName = def.name.value;
      let fieldsChanged = false;
      const withArgs = def.fields?.map((field) => {
        const args = dedupeByName(field.arguments, (n) => `Argument "${typeName}.${field.name.value}(${n}:)"`, warnings);
        if (args === field.arguments) {
          return field;
        }
        fieldsChanged = true;
        return { ...field, arguments: args };
      });
      const fields = dedupeByName(withArgs, (n) => `Field "${typeName}.${n}"`, warnings);
      return fields === withArgs && !fieldsChanged ? def : { ...def, fields };
    }
    case Kind.INPUT_OBJECT_TYPE_DEFINITION:
    case Kind.INPUT_OBJECT_TYPE_EXTENSION: {
      const fields = dedupeByName(def.fields, (n) => `Input field "${def.name.value}.${n}"`, warnings);
      return fields === def.fields ? def : { ...def, fields };
    }
    case Kind.ENUM_TYPE_DEFINITION:
    case Kind.ENUM_TYPE_EXTENSION: {
      const values = dedupeByName(def.values, (n) => `Enum value "${def.name.value}.${n}"`, warnings);
      return values === def.values ? def : { ...def, values };
    }
    default:
      return def;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One file as it is; several SDL files are read as one schema (graphql-config allows a list). */
export async function loadSchemaFiles(files: readonly string[]): Promise<LoadedSchema> {
  if (files.length === 1) {
    const ext = path.extname(files[0]).toLowerCase();
    if (ext !== '.json' && ext !== '.graphql' && ext !== '.graphqls' && ext !== '.gql') {
      return schemaFromFile(files[0]); // refuses it
    }
    const text = await readSchemaFile(files[0]);
    const loaded = ext === '.json' ? await schemaFromIntrospection(text) : schemaFromSdl(text);
    return { ...loaded, filesSha256: await schemaFilesSha256(files, [text]) };
  }
  if (files.some((f) => path.extname(f).toLowerCase() === '.json')) {
    throw new Error('A list of schema files must all be SDL (.graphql, .graphqls, .gql); use a single file for introspection JSON.');
  }
  const texts = await Promise.all(files.map((f) => readFile(f, 'utf8')));
  return { ...schemaFromSdl(texts.join('\n')), filesSha256: await schemaFilesSha256(files, texts) };
}

/** Characters hashed between two yields (a few ms). */
const HASH_CHUNK_CHARS = 1024 * 1024;

/** SHA-256 (hex) of schema files' names and texts, a megabyte at a time with the thread yielded in between. */
async function schemaFilesSha256(files: readonly string[], texts: readonly string[], yieldThread: Yield = yieldToEventLoop): Promise<string> {
  const hash = createHash('sha256');
  for (let f = 0; f < files.length; f++) {
    // Each part with its length: no two lists of texts hash alike by moving a boundary.
    hash.update(`${files[f].length}:${files[f]}${texts[f].length}:`);
    for (let i = 0; i < texts[f].length; i += HASH_CHUNK_CHARS) {
      hash.update(texts[f].slice(i, i + HASH_CHUNK_CHARS));
      await yieldThread();
    }
  }
  return hash.digest('hex');
}

/** The version of a folder's schema source (languageWorkerProtocol's SchemaSource): the hash of what was read. */
export function schemaFilesVersion(filesSha256: string): string {
  return `sha256:${filesSha256}`;
}
