/**
 * A minimal graphql-config reader: enough to let a workspace folder point the language features
 * at its own schema (SDL / introspection file or URL) and documents. Supported files, first found
 * wins: `.graphqlrc`, `.graphqlrc.json`, `.graphqlrc.yml`, `.graphqlrc.yaml`, `graphql.config.json`,
 * `graphql.config.yml`, `graphql.config.yaml`. JavaScript/TypeScript configs are not executed.
 * YAML support is a small subset: top-level `schema:` and `documents:` as a scalar, a flow list
 * (`[a, b]`) or a block list (`- a`). Multi-project configs (`projects:`) are not supported.
 */
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { ConfigurationError } from '../errors';

/** What the language features need from a graphql-config. */
export interface GraphqlProjectConfig {
  /** SDL / JSON file paths (relative to the config's folder) or URLs. */
  readonly schema: string | string[];
  /** Glob(s) of the operation documents, relative to the config's folder. */
  readonly documents?: string | string[];
}

/** A config found in a folder. */
export interface FoundGraphqlConfig {
  readonly file: string;
  readonly config: GraphqlProjectConfig;
}

/** File names looked for, in order. */
const GRAPHQL_CONFIG_FILES = ['.graphqlrc', '.graphqlrc.json', '.graphqlrc.yml', '.graphqlrc.yaml', 'graphql.config.json', 'graphql.config.yml', 'graphql.config.yaml'] as const;

/**
 * Looks for a graphql-config in `folder` (not its parents). Returns undefined when there is none;
 * throws ConfigurationError when a config exists but cannot be used, so the user can be told why.
 */
export async function findGraphqlConfig(folder: string): Promise<FoundGraphqlConfig | undefined> {
  for (const name of GRAPHQL_CONFIG_FILES) {
    const file = path.join(folder, name);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'EISDIR') {
        continue;
      }
      throw new ConfigurationError(file, `Cannot read ${file}: ${(err as Error).message}`);
    }
    return { file, config: parseGraphqlConfig(text, name) };
  }
  return undefined;
}

/**
 * Parses a graphql-config text. `.json` files are JSON; `.yml`/`.yaml` the YAML subset; a plain
 * `.graphqlrc` is tried as JSON first, then as YAML (both are allowed there).
 */
export function parseGraphqlConfig(text: string, fileName: string): GraphqlProjectConfig {
  const lower = fileName.toLowerCase();
  let raw: Record<string, unknown>;
  if (lower.endsWith('.json')) {
    raw = parseJsonObject(text, fileName);
  } else if (lower.endsWith('.yml') || lower.endsWith('.yaml')) {
    raw = parseYamlSubset(text);
  } else {
    const trimmed = text.trimStart();
    raw = trimmed.startsWith('{') ? parseJsonObject(text, fileName) : parseYamlSubset(text);
  }
  const schema = stringOrList(raw.schema);
  if (schema === undefined) {
    throw new ConfigurationError(
      fileName,
      `${fileName} has no usable "schema" (a file path, a URL or a list of them).${'projects' in raw ? ' Multi-project configs are not supported.' : ''}`,
    );
  }
  const documents = stringOrList(raw.documents);
  return documents === undefined ? { schema } : { schema, documents };
}

function parseJsonObject(text: string, fileName: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new ConfigurationError(fileName, `${fileName} is not valid JSON: ${(err as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ConfigurationError(fileName, `${fileName} must hold a JSON object.`);
  }
  return value as Record<string, unknown>;
}

function stringOrList(value: unknown): string | string[] | undefined {
  if (typeof value === 'string' && value.trim() !== '') {
    return value.trim();
  }
  if (Array.isArray(value)) {
    const items = value.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim());
    return items.length > 0 ? items : undefined;
  }
  return undefined;
}

/** Top-level `key: value`, `key: [a, b]` and `key:` followed by `- item` lines; nothing else. */
function parseYamlSubset(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let listKey: string | undefined;
  for (const rawLine of text.split(/\r?\n/)) {
    const line = stripYamlComment(rawLine);
    if (line.trim() === '') {
      continue;
    }
    const item = /^\s+-\s*(.*)$/.exec(line) ?? /^-\s+(.*)$/.exec(line);
    if (item && listKey) {
      (out[listKey] as string[]).push(unquote(item[1]));
      continue;
    }
    if (/^\s/.test(line)) {
      continue; // nested mapping we do not read
    }
    listKey = undefined;
    const pair = /^([A-Za-z_][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (!pair) {
      continue;
    }
    const [, key, value] = pair;
    if (value === '') {
      out[key] = [];
      listKey = key;
    } else if (value.startsWith('[') && value.endsWith(']')) {
      out[key] = value
        .slice(1, -1)
        .split(',')
        .map((v) => unquote(v))
        .filter((v) => v !== '');
    } else {
      out[key] = unquote(value);
    }
  }
  return out;
}

function stripYamlComment(line: string): string {
  // A ` #` outside quotes starts a comment; URLs with fragments are rare enough in these fields.
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === quote) {
        quote = undefined;
      }
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]))) {
      return line.slice(0, i).trimEnd();
    }
  }
  return line.trimEnd();
}

function unquote(value: string): string {
  const v = value.trim();
  if (v.length >= 2 && ((v.startsWith('"') && v.endsWith('"')) || (v.startsWith("'") && v.endsWith("'")))) {
    return v.slice(1, -1);
  }
  return v;
}

const URL_SCHEMA = /^[a-z][a-z0-9+.-]*:\/\//i;

/** Where a graphql-config's `schema` points: URLs (not fetched), and files resolved against the config's folder. */
export function schemaSourcesOf(found: FoundGraphqlConfig): { urls: string[]; files: string[] } {
  const schemas = Array.isArray(found.config.schema) ? found.config.schema : [found.config.schema];
  return {
    urls: schemas.filter((s) => URL_SCHEMA.test(s)),
    files: schemas.filter((s) => !URL_SCHEMA.test(s)).map((s) => path.resolve(path.dirname(found.file), s)),
  };
}
