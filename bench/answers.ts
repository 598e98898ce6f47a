/** Answers the results benchmarks use (in Node, and in the extension host for the diff bench). */

/** A plain answer of about `bytes`: a list of task-like objects (what a Service answers). */
export function plainAnswer(bytes: number): { data: { tasks: unknown[] } } {
  const tasks: unknown[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const t = {
      id: `task-${i}`,
      title: `Task number ${i} with a title`,
      priority: ['LOW', 'MEDIUM', 'HIGH'][i % 3],
      done: i % 2 === 0,
      owner: { id: `u${i % 50}`, name: `User ${i % 50}` },
    };
    size += JSON.stringify(t).length + 1;
    tasks.push(t);
  }
  return { data: { tasks } };
}
