/**
 * The results panel's filter: a JSONPath expression over an answer, evaluated with `jsonpath-plus`
 * in its safe mode (its own expression evaluator: never `eval` or `Function`), giving each match
 * with its path. Pure; runs in the filter worker (filterWorker.ts) so that a big answer never holds
 * the extension host's thread.
 */
import { JSONPath } from 'jsonpath-plus';
import { stringifyJson } from '../../shared/deepJson';

/**
 * One match (its normalized JSONPath such as `$['data']['tasks'][0]` and its value as JSON text,
 * cut at {@link FilterLimits.maxValueChars}), and the answer to one filter: the shapes the results
 * page receives, so the worker's answer is posted as it is.
 */
export type { FilterResultView as FilterAnswer } from '../../shared/resultsMessages';
import { MAX_FILTER_EXPRESSION, type FilterMatchView as FilterMatch, type FilterResultView as FilterAnswer } from '../../shared/resultsMessages';

/** How much of the matches is sent back. */
export interface FilterLimits {
  readonly maxMatches: number;
  readonly maxValueChars: number;
}

export const DEFAULT_FILTER_LIMITS: FilterLimits = { maxMatches: 500, maxValueChars: 200_000 };
/** Longest expression accepted (the page cannot send a longer one either). */
export const MAX_EXPRESSION_LENGTH = MAX_FILTER_EXPRESSION;

/** Evaluates `expression` over `json`; never throws. */
export function filterJson(json: unknown, expression: string, limits: FilterLimits = DEFAULT_FILTER_LIMITS): FilterAnswer {
  const text = expression.trim();
  if (text === '') {
    return { ok: false, expression, message: 'Type a JSONPath expression, such as $..id or $.data.tasks[?(@.done == false)].' };
  }
  if (text.length > MAX_EXPRESSION_LENGTH) {
    return { ok: false, expression, message: `The expression is longer than ${MAX_EXPRESSION_LENGTH} characters.` };
  }
  if (!text.startsWith('$')) {
    return { ok: false, expression, message: 'A JSONPath expression starts with $ (the whole answer), e.g. $.data or $..name.' };
  }
  let results: { path: string; value: unknown }[];
  try {
    results = JSONPath({ path: text, json: json as object, eval: 'safe', resultType: 'all', wrap: true }) as { path: string; value: unknown }[];
  } catch (err) {
    return { ok: false, expression, message: explain(err, text) };
  }
  if (!Array.isArray(results)) {
    results = [];
  }
  const matches: FilterMatch[] = [];
  for (const r of results.slice(0, limits.maxMatches)) {
    let valueJson: string;
    try {
      valueJson = stringifyJson(r.value, { maxLength: limits.maxValueChars + 1 }) ?? 'null';
    } catch {
      valueJson = 'null';
    }
    const cut = valueJson.length > limits.maxValueChars;
    matches.push({ path: typeof r.path === 'string' ? r.path : '$', valueJson: cut ? valueJson.slice(0, limits.maxValueChars) : valueJson, ...(cut ? { cut } : {}) });
  }
  return { ok: true, expression, matches, total: results.length };
}

function explain(err: unknown, text: string): string {
  if (err instanceof RangeError) {
    return 'The answer is nested too deeply for this expression (a recursive descent such as $.. walks every level). Filter from a path nearer the top, e.g. $.data.items[*].';
  }
  const message = (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ');
  // jsep (jsonpath-plus' parser of filters) counts from the start of the filter it parsed: say where that is in the whole expression.
  const index = (err as { index?: unknown }).index;
  const at = typeof index === 'number' ? filterErrorPosition(text, index) : undefined;
  const located = at === undefined ? message : message.replace(/ at character \d+/, ` at character ${at}`);
  return `The expression is not valid JSONPath: ${located.slice(0, 300)}`;
}

/**
 * Where, in the whole expression, the filter parser's error at `index` (counted in the filter's
 * script) is: in the first filter `[?(…)]` that jsonpath-plus refuses alone. jsonpath-plus hands
 * jsep the text inside `?(…)` (or from the `?` when there is no closing `)`), with `@` written as a
 * name 3 characters longer (`@parent`, `@root`… 2 longer); test/unit/core/results/jsonFilter.test.ts
 * pins this against the installed release.
 */
function filterErrorPosition(text: string, index: number): number | undefined {
  for (const match of text.matchAll(/\[\?/g)) {
    const question = match.index + 1;
    const close = text.indexOf(')]', question);
    const segment = close < 0 ? text.slice(question) : text.slice(question, close + 1);
    try {
      JSONPath({ path: `$[${segment}]`, json: [0], eval: 'safe', wrap: true });
      continue;
    } catch (err) {
      if (typeof (err as { index?: unknown }).index !== 'number') {
        continue;
      }
    }
    const wrapped = segment.startsWith('?(') && segment.endsWith(')');
    let at = wrapped ? question + 2 : question;
    for (let r = 0; r < index && at < text.length; at++) {
      const name = text[at] === '@' ? /^@(parentProperty|parent|property|root|path|(?![\w$]))/.exec(text.slice(at)) : null;
      r += name ? (name[1] ? 3 : 4) : 1;
      if (r > index) {
        break;
      }
    }
    return at;
  }
  return undefined;
}
