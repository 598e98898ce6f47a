import type { ResultsCommand } from './resultsCommand';

/** Tenant GraphQL: Show Results: reopens the results panel with the last result (or brings it to the front); the last result's document when the person prefers that view. */
export const showResults: ResultsCommand = {
  id: 'tenantGraphql.showResults',
  run: ({ panel }) => panel.showResults(),
};
