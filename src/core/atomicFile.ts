/** Writing a file so that readers never see half of it. */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import * as path from 'node:path';

/** Writes `text` to `file` through a temporary file beside it and a rename (folders made as needed). */
export async function writeFileAtomically(file: string, text: string | Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temp, text, typeof text === 'string' ? 'utf8' : undefined);
    await rename(temp, file);
  } catch (err) {
    await unlink(temp).catch(() => undefined);
    throw err;
  }
}
