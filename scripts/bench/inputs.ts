/** Benchmark inputs: GitHub's public schema and a realistic document, plus that document grown. */
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { buildClientSchema, GraphQLSchema, validateSchema, type IntrospectionQuery } from 'graphql';
import type { Position } from '../../src/core/language/types';

const NAMES = ['RepositoryOverview', 'IssueDetail', 'SearchPullRequests', 'AddIssueComment', 'ActorSummary', 'PageInfoFields', 'IssueCard', 'PullRequestRow'];

/** Paths and texts of the inputs. */
export interface BenchInputs {
  readonly introspectionPath: string;
  readonly introspectionText: string;
  readonly sdlText: string;
  readonly document: string;
  readonly bigDocument: string;
  readonly hugeDocument: string;
}

/** Loads GitHub's schema from `@octokit/graphql-schema` and the 185-line document. */
export function loadInputs(): BenchInputs {
  const dir = packageDir('@octokit/graphql-schema');
  const introspectionPath = path.join(dir, 'schema.json');
  const document = readFileSync(path.join(__dirname, 'github.graphql'), 'utf8');
  return {
    introspectionPath,
    introspectionText: readFileSync(introspectionPath, 'utf8'),
    sdlText: readFileSync(path.join(dir, 'schema.graphql'), 'utf8'),
    document,
    bigDocument: grow(document, 2000),
    hugeDocument: grow(document, 10000),
  };
}

/** The folder of an installed package (its exports map hides the data files from require). */
function packageDir(name: string): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) {
      return candidate;
    }
    if (path.dirname(dir) === dir) {
      throw new Error(`${name} is not installed`);
    }
  }
}

/** The document repeated (operations and fragments renamed per copy) to at least `lines` lines. */
export function grow(document: string, lines: number): string {
  const parts: string[] = [];
  let count = 0;
  for (let copy = 0; count < lines; copy++) {
    let text = document;
    if (copy > 0) {
      for (const name of NAMES) {
        text = text.replace(new RegExp(`\\b${name}\\b`, 'g'), `${name}${copy}`);
      }
    }
    parts.push(text);
    count += text.split('\n').length;
  }
  return parts.join('\n');
}

/**
 * `count` cursor positions spread evenly over the document: each inside or at the end of a
 * token (where people type and hover), never in leading indentation.
 */
export function spreadPositions(text: string, count: number): Position[] {
  const candidates: Position[] = [];
  text.split('\n').forEach((line, l) => {
    const first = line.search(/\S/);
    if (first < 0 || line.trimStart().startsWith('#')) {
      return;
    }
    for (let c = first + 1; c <= line.length; c++) {
      candidates.push({ line: l, character: c });
    }
  });
  const out: Position[] = [];
  for (let i = 0; i < count; i++) {
    out.push(candidates[Math.floor(((i + 0.5) * candidates.length) / count)]);
  }
  return out;
}

/**
 * A schema from an introspection as the extension loads one (loadSchema.ts): validation errors are
 * tolerated, and the schema is then assumed valid so that `validate` accepts it. graphql 17 refuses a
 * dozen deprecations of GitHub's public schema (implementation fields deprecated where the interface's
 * are not) that graphql 16 took.
 */
export function clientSchema(introspection: IntrospectionQuery): GraphQLSchema {
  const schema = buildClientSchema(introspection);
  return validateSchema(schema).length === 0 ? schema : new GraphQLSchema({ ...schema.toConfig(), assumeValid: true });
}
