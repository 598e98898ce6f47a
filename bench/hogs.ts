/**
 * The busy machine of `npm run bench -- --hogs on|both`: two CPU hogs (busy loops in
 * child processes, one per core on the 2-core machines this runs on), started and stopped by the
 * bench itself, the way `npm run test:stress -- --hogs` loads the machine. A hog never outlives the
 * bench: the stop function is also called on exit and on SIGINT/SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';

/** How many busy loops the busy mode starts. */
export const HOG_COUNT = 2;

const running = new Set<ChildProcess>();
let handlersInstalled = false;

function stopAll(): void {
  for (const hog of running) {
    hog.kill('SIGKILL');
  }
  running.clear();
}

/** Starts the hogs; returns a function that stops them (idempotent). */
export function startHogs(count = HOG_COUNT): () => void {
  if (!handlersInstalled) {
    handlersInstalled = true;
    process.on('exit', stopAll);
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.on(signal, () => {
        stopAll();
        process.exit(130);
      });
    }
  }
  const hogs = Array.from({ length: count }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  hogs.forEach((h) => running.add(h));
  return () => {
    for (const hog of hogs) {
      hog.kill('SIGKILL');
      running.delete(hog);
    }
  };
}
