/** JSONPath text for a path in an answer (the results panel's Copy Path and Filter to This). Pure. */

/**
 * The JSONPath of a node's path, as `jsonpath-plus` reads it back: `['data', 'tasks', 0]` ->
 * `$.data.tasks[0]`; `["odd key"]` for other keys; a key with quotes or brackets (which its path
 * syntax cannot quote) as a filter on the property name, `[?(@property === "it's")]`.
 */
export function jsonPathOf(path: readonly (string | number)[]): string {
  let out = '$';
  for (const key of path) {
    if (typeof key === 'number') {
      out += `[${key}]`;
    } else if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) && key !== '$') {
      out += `.${key}`;
    } else if (!/['"[\]`\\]/.test(key)) {
      out += `["${key}"]`;
    } else {
      out += `[?(@property === ${JSON.stringify(key)})]`;
    }
  }
  return out;
}
