/** Writing a file so that readers never see half of it. */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import * as path from 'node:path';

/**
 * Writes `text` to `file` through a temporary file beside it and a rename (folders made as needed:
 * only when the first write finds none, as the folder is there for almost every file written).
 */
export async function writeFileAtomically(file: string, text: string | Uint8Array): Promise<void> {
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const encoding = typeof text === 'string' ? 'utf8' : undefined;
  try {
    try {
      await writeFile(temp, text, encoding);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
        throw err;
      }
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(temp, text, encoding);
    }
    await rename(temp, file);
  } catch (err) {
    await unlink(temp).catch(() => undefined);
    throw err;
  }
}
