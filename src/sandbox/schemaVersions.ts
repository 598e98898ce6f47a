/**
 * The versions of the Sandbox schema, so that clients can be tested against a schema change: the
 * admin endpoint (`POST /admin/schema`) or `--schema-version` switches between them at run time.
 * Version 2 renames `Task.dueDate` to `Task.dueOn` (breaking: operations selecting `dueDate` no
 * longer validate) and adds the task status `BLOCKED` (dangerous). Both versions keep everything
 * the interface specifies (the `tasks` query with its priority filter, `File.fields`).
 */
import type { Resolver } from './graphqlContext';
import { SANDBOX_SDL } from './schema';
import type { TaskRecord } from './tenant';

/** The schema versions a Sandbox can serve. */
export const SANDBOX_SCHEMA_VERSIONS = [1, 2] as const;
/** One of {@link SANDBOX_SCHEMA_VERSIONS}. */
export type SandboxSchemaVersion = (typeof SANDBOX_SCHEMA_VERSIONS)[number];

/** Whether a value names a schema version. */
export function isSandboxSchemaVersion(v: unknown): v is SandboxSchemaVersion {
  return SANDBOX_SCHEMA_VERSIONS.some((x) => x === v);
}

function replaceOnce(sdl: string, from: string, to: string): string {
  const at = sdl.indexOf(from);
  if (at < 0 || sdl.indexOf(from, at + from.length) >= 0) {
    throw new Error(`Sandbox schema version 2: expected "${from.trim()}" exactly once in version 1.`);
  }
  return sdl.slice(0, at) + to + sdl.slice(at + from.length);
}

/** The SDL of a schema version. */
export function sandboxSdl(version: SandboxSchemaVersion): string {
  if (version === 1) {
    return SANDBOX_SDL;
  }
  let sdl = replaceOnce(
    SANDBOX_SDL,
    `    """
    When the task is due, if it has a deadline.
    """
    dueDate: Date
`,
    `    """
    When the task is due, if it has a deadline (named dueDate before schema version 2).
    """
    dueOn: Date
`,
  );
  sdl = replaceOnce(
    sdl,
    `    """
    Finished.
    """
    DONE
`,
    `    """
    Finished.
    """
    DONE
    """
    Waiting on something outside the team (schema version 2).
    """
    BLOCKED
`,
  );
  return sdl;
}

/** Resolvers of fields that exist only in a version (merged over the common ones). */
export function versionResolvers(version: SandboxSchemaVersion): Record<string, Record<string, Resolver>> {
  return version === 2 ? { Task: { dueOn: (t) => (t as TaskRecord).dueDate ?? null } } : {};
}
