/** Files of a generated folder, for the codegen tests (unit and contract). */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';

/** Every file under `dir` whose name ends with `suffix`, relative to `dir`, sorted. */
export function filesUnder(dir: string, suffix: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) {
        walk(p);
      } else if (name.endsWith(suffix)) {
        out.push(path.relative(dir, p));
      }
    }
  };
  walk(dir);
  return out.sort();
}

/** A file's text. */
export function read(file: string): string {
  return readFileSync(file, 'utf8');
}
