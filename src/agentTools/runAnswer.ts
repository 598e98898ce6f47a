import type { RunOutcome } from '../core/run/runRecord';
import type { RunAnswerForTool } from '../core/agentTools/operationText';
import type { AgentToolsServices } from './services';

/** A run's outcome as the run tool tells it: the answer (or its JSONPath selection, worked out in the filter worker), or why there is none. */
export async function answerOf(
  services: Pick<AgentToolsServices, 'filter'>,
  environment: string,
  operation: string,
  outcome: RunOutcome | undefined,
  jsonPath: string | undefined,
): Promise<RunAnswerForTool> {
  if (!outcome) {
    return { environment, operation, failure: 'the run was cancelled, or there was nothing to run. Nothing was sent.', graphqlErrors: 0 };
  }
  if (outcome.failure) {
    return { environment: outcome.environment ?? environment, operation, status: outcome.status, failure: outcome.message ?? outcome.failure, graphqlErrors: 0 };
  }
  const body = { data: outcome.data, ...(outcome.graphqlErrors ? { errors: outcome.graphqlErrors } : {}) };
  const base = { environment: outcome.environment ?? environment, operation, status: outcome.status, graphqlErrors: outcome.errors };
  if (jsonPath === undefined || jsonPath.trim() === '') {
    return { ...base, body };
  }
  const filtered = await services.filter(outcome.runId, jsonPath, () => JSON.stringify(body));
  if (!filtered.ok) {
    return { ...base, body: { jsonPathProblem: filtered.message, ...body } };
  }
  const matches = filtered.matches.map((m) => ({ path: m.path, value: parseOr(m.valueJson) }));
  return { ...base, body: matches, jsonPath: { expression: jsonPath, matches: filtered.total } };
}

function parseOr(json: string): unknown {
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return json; // cut by the worker's limit: the text as it is
  }
}
