/**
 * The per-folder settings of the types feature, checked: `tenantGraphql.schema.writeTo` (the
 * schema file for other tools) and `tenantGraphql.codegen` (generated types). Both name files that
 * the extension writes, so both must stay inside the workspace folder: a workspace setting is the
 * repository's, and must not make the extension write anywhere else.
 */
import * as path from 'node:path';

/** What `tenantGraphql.codegen` turns on. */
export interface CodegenSettings {
  /** `x.generated.ts` beside each `.graphql` file. */
  readonly graphqlFiles: boolean;
  /** The templates' file (client preset style), relative to the folder; undefined: none. */
  readonly templatesFile?: string;
}

/** The types settings of one workspace folder. */
export interface FolderTypesSettings {
  /** The schema file, relative to the folder; undefined: off. */
  readonly schemaWriteTo?: string;
  readonly codegen?: CodegenSettings;
  /** What was wrong with the values (each names its setting); the rest still applies. */
  readonly problems: readonly string[];
}

const SCHEMA_EXTENSIONS = ['.graphql', '.graphqls', '.gql', '.json'];

/** A relative path that stays inside its folder (no absolute path, no `..` out of it), normalised with `/`. */
export function insideFolder(value: string): string | undefined {
  const normal = path.posix.normalize(value.replace(/\\/g, '/'));
  if (normal === '' || normal === '.' || path.posix.isAbsolute(normal) || /^[A-Za-z]:/.test(normal) || normal === '..' || normal.startsWith('../')) {
    return undefined;
  }
  return normal.replace(/^\.\//, '');
}

/** Checks the raw values of `tenantGraphql.schema.writeTo` and `tenantGraphql.codegen`. */
export function parseFolderTypesSettings(writeTo: unknown, codegen: unknown): FolderTypesSettings {
  const problems: string[] = [];
  let schemaWriteTo: string | undefined;
  if (typeof writeTo === 'string' && writeTo.trim() !== '') {
    const inside = insideFolder(writeTo.trim());
    if (!inside) {
      problems.push(`tenantGraphql.schema.writeTo must be a path inside the workspace folder, such as "schema.graphql"; "${writeTo}" is not written.`);
    } else if (!SCHEMA_EXTENSIONS.includes(path.posix.extname(inside).toLowerCase())) {
      problems.push(`tenantGraphql.schema.writeTo must end with .graphql, .graphqls, .gql (SDL) or .json (introspection); "${writeTo}" is not written.`);
    } else {
      schemaWriteTo = inside;
    }
  } else if (writeTo !== undefined && writeTo !== null && writeTo !== '') {
    problems.push('tenantGraphql.schema.writeTo must be a file name such as "schema.graphql" or "schema.json".');
  }
  let parsed: CodegenSettings | undefined;
  if (typeof codegen === 'object' && codegen !== null && !Array.isArray(codegen)) {
    const raw = codegen as Record<string, unknown>;
    const graphqlFiles = raw.graphqlFiles === undefined ? true : raw.graphqlFiles === true;
    if (raw.graphqlFiles !== undefined && typeof raw.graphqlFiles !== 'boolean') {
      problems.push('tenantGraphql.codegen.graphqlFiles must be true or false.');
    }
    let templatesFile: string | undefined;
    if (typeof raw.templatesFile === 'string' && raw.templatesFile.trim() !== '') {
      const inside = insideFolder(raw.templatesFile.trim());
      if (!inside || !/\.(ts|mts|cts|tsx)$/.test(inside)) {
        problems.push(
          `tenantGraphql.codegen.templatesFile must be a TypeScript file inside the workspace folder, such as "src/graphql.generated.ts"; "${raw.templatesFile}" is not written.`,
        );
      } else {
        templatesFile = inside;
      }
    } else if (raw.templatesFile !== undefined && raw.templatesFile !== '') {
      problems.push('tenantGraphql.codegen.templatesFile must be a file name such as "src/graphql.generated.ts".');
    }
    parsed = { graphqlFiles, templatesFile };
  } else if (codegen !== undefined && codegen !== null) {
    problems.push('tenantGraphql.codegen must be an object such as { "graphqlFiles": true, "templatesFile": "src/graphql.generated.ts" }.');
  }
  return { schemaWriteTo, codegen: parsed, problems };
}
