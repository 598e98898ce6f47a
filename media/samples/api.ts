// GraphQL where you write it: Tenant GraphQL finds gql / graphql tagged templates and
// /* GraphQL */ templates in TypeScript and JavaScript. Click Run above an operation, or put the
// cursor in it and press Ctrl+Enter (Cmd+Enter on macOS). Variables come from api.variables.json
// next to this file (one object per operation name); a missing one is asked for.

/** A stand-in for graphql-tag or Apollo's gql: the extension knows the tag by its name. */
const gql = (strings: TemplateStringsArray, ...values: unknown[]): string => String.raw({ raw: strings }, ...values);

// A fragment in its own template, interpolated below with ${TASK_FIELDS}: Run sends it with the query.
export const TASK_FIELDS = gql`
  fragment TaskFields on Task {
    id
    name
    priority
  }
`;

export const TASKS_BY_PRIORITY = gql`
  query TasksByPriority($priority: TaskPriority!) {
    tasks(filter: { priority: $priority }, first: 10) {
      edges {
        node {
          ...TaskFields
        }
      }
    }
  }
  ${TASK_FIELDS}
`;

export const WHO_AM_I = /* GraphQL */ `
  query WhoAmI {
    viewer {
      kind
      userId
    }
  }
`;
