/** Writing a file so that readers never see half of it. */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import * as path from 'node:path';

/**
 * Writes `text` to `file` through a temporary file beside it and a rename (folders made as needed:
 * only when the first write finds none, as the folder is there for almost every file written).
 * The temporary file is made new (`wx`): a link already at its name is never written through. The
 * rename replaces a link at `file` itself, never what it points to. Whether `file` may be written
 * at all is the caller's question (folderPath.ts for files inside a workspace folder).
 */
export async function writeFileAtomically(file: string, text: string | Uint8Array): Promise<void> {
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const options = { encoding: typeof text === 'string' ? ('utf8' as const) : undefined, flag: 'wx' };
  // Removed on failure unless `wx` found something else at its name (not this call's to remove).
  let made = false;
  try {
    try {
      await writeFile(temp, text, options);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
        throw err;
      }
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(temp, text, options);
    }
    made = true;
    await rename(temp, file);
  } catch (err) {
    if (made || (err as NodeJS.ErrnoException).code !== 'EEXIST') {
      await unlink(temp).catch(() => undefined);
    }
    throw err;
  }
}
