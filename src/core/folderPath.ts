/**
 * Whether a file the extension writes for a workspace folder stays inside that folder on disk. A
 * repository decides what its folder holds, symbolic links included: `generated -> /elsewhere`
 * would make a path that reads as inside the folder write somewhere else entirely. So the path is
 * checked as the disk resolves it: the real path of its nearest existing ancestor (every link on
 * the way followed, the last component too when it exists), the components not there yet
 * appended, and the result must be inside the folder's own real path. A component that is a link
 * to nothing is refused (where it would lead cannot be known until something makes it exist).
 */
import { lstat, realpath } from 'node:fs/promises';
import * as path from 'node:path';

/** In every reason the check gives (the reason crosses the types worker's thread as text). */
export const OUTSIDE_FOLDER = 'is not written, as it may not be inside its workspace folder';

/** What the check reads of the disk (node:fs/promises; tests may count or vary it). */
export interface FolderPathFs {
  realpath(p: string): Promise<string>;
  lstat(p: string): Promise<unknown>;
}

const nodeFs: FolderPathFs = { realpath, lstat };

/** The path to write (symbolic links resolved), or why the file is not written. */
export type FolderPathCheck = { readonly ok: true; readonly path: string } | { readonly ok: false; readonly reason: string };

/** Whether `child` is strictly inside `parent` (both absolute and normalised). */
function strictlyInside(parent: string, child: string): boolean {
  const rel = path.relative(parent, child);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel);
}

function codeOf(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | undefined)?.code;
}

/**
 * Checks that `file` (absolute, or relative to `folder`) is inside `folder` once symbolic links
 * are resolved, and answers the resolved path to write. Refused: a path out of the folder as
 * written (`..`, another absolute path), a link on the way (a folder or the file itself) that
 * leads out of it, a link to nothing, the folder itself, and a folder that does not exist.
 */
export async function resolveInsideFolder(folder: string, file: string, fs: FolderPathFs = nodeFs): Promise<FolderPathCheck> {
  const root = path.resolve(folder);
  const target = path.resolve(root, file);
  const refuse = (why: string): FolderPathCheck => ({ ok: false, reason: `${target} ${OUTSIDE_FOLDER}: ${why}.` });
  if (!strictlyInside(root, target)) {
    return refuse(`it is not inside the folder ${root}`);
  }
  let realRoot: string;
  try {
    realRoot = await fs.realpath(root);
  } catch (err) {
    return refuse(`the folder ${root} cannot be resolved (${codeOf(err) ?? String(err)})`);
  }
  // Up from the file to the nearest path that exists; the components below it are not there yet.
  const missing: string[] = [];
  let existing = target;
  let real: string | undefined;
  while (real === undefined) {
    try {
      real = await fs.realpath(existing);
    } catch (err) {
      const code = codeOf(err);
      if (code !== 'ENOENT' && code !== 'ENOTDIR') {
        return refuse(`${existing} cannot be resolved (${code ?? String(err)})`);
      }
      // Not resolvable, yet there: a symbolic link to nothing (it would lead wherever its target is made).
      const there = await fs.lstat(existing).then(
        () => true,
        () => false,
      );
      if (there) {
        return refuse(`${existing} is a symbolic link to something that does not exist`);
      }
      const parent = path.dirname(existing);
      if (parent === existing || !strictlyInside(root, existing)) {
        // Above the folder, which exists: cannot happen unless the disk changed under the check.
        return refuse(`the folder ${root} changed while it was checked`);
      }
      missing.unshift(path.basename(existing));
      existing = parent;
    }
  }
  const resolved = path.join(real, ...missing);
  if (!strictlyInside(realRoot, resolved)) {
    const what = existing === target ? 'it' : existing;
    return refuse(`${what} leads through a symbolic link to ${real}, outside the folder ${realRoot}`);
  }
  return { ok: true, path: resolved };
}

/** A file not written because it would not be inside its folder (see {@link resolveInsideFolder}). */
export class OutsideFolderError extends Error {
  override readonly name = 'OutsideFolderError';
}
