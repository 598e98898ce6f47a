import * as path from 'node:path';
import type { GraphQLSchema } from 'graphql';
import { LanguageWorkers } from '../core/language/languageWorkerClient';
import type { SchemaSource } from '../core/language/languageWorkerProtocol';

/** Set by the extension's build: the language worker's bundle beside dist/extension.js (scripts/build.mjs). */
declare const __LANGUAGE_WORKER__: string | undefined;

/** Worker threads for the workspace's re-validation (docs/DESIGN.md, "The language worker"). */
export const LANGUAGE_WORKER_THREADS = 1;

/**
 * The window's language worker (a thread of its own, so that this work never holds the extension host's thread): the workspace's re-validation after
 * a schema change and the references index build go to it. `sourceOf` says where it loads a schema
 * in use from. Made by the composition root, disposed with the extension. In the built extension
 * it is dist/<worker bundle>; run from source, the TypeScript file with tsx.
 */
export function createLanguageWorkers(extensionPath: string, sourceOf: (schema: GraphQLSchema) => SchemaSource | undefined): LanguageWorkers {
  const built = typeof __LANGUAGE_WORKER__ === 'string';
  return new LanguageWorkers(
    {
      script: built ? path.join(extensionPath, 'dist', __LANGUAGE_WORKER__) : path.join(extensionPath, 'src', 'core', 'language', 'languageWorker.ts'),
      execArgv: built ? [] : ['--import', 'tsx'],
    },
    sourceOf,
    LANGUAGE_WORKER_THREADS,
  );
}
