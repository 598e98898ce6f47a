/**
 * The sentences a language-model tool answers with when it cannot be used in the current state
 * (tools turned off, no environment, Restricted Mode, a workspace's server not allowed, signed
 * out, no schema): what is wrong and what the person does about it, never an exception. Pure.
 */

/** Why a tool cannot do what it was asked. */
export type ToolUnavailable =
  | { readonly kind: 'disabled' }
  | { readonly kind: 'noEnvironment' }
  | { readonly kind: 'unknownEnvironment'; readonly name: string; readonly known: readonly string[] }
  | { readonly kind: 'restricted' }
  | { readonly kind: 'notAllowed'; readonly environment: string }
  | { readonly kind: 'signedOut'; readonly environment: string }
  | { readonly kind: 'noSchema'; readonly environment: string; readonly signedIn: boolean }
  | { readonly kind: 'readOnly'; readonly environment: string; readonly operation: string }
  | { readonly kind: 'missingVariables'; readonly operation: string; readonly names: readonly string[] }
  | { readonly kind: 'tooLarge'; readonly limit: number };

/** The sentence for a state in which a tool cannot be used. */
export function unavailableSentence(state: ToolUnavailable): string {
  switch (state.kind) {
    case 'disabled':
      return 'The Tenant GraphQL tools are turned off (the setting tenantGraphql.languageModelTools.enabled is false). The person can turn them on in the settings.';
    case 'noEnvironment':
      return 'No Tenant GraphQL environment is configured. The person can run "Tenant GraphQL: Try the Sandbox", or add one to the tenantGraphql.environments setting.';
    case 'unknownEnvironment':
      return `No environment is named "${state.name}". The environments are: ${state.known.map((n) => `"${n}"`).join(', ') || 'none'}.`;
    case 'restricted':
      return 'This workspace is in Restricted Mode, so Tenant GraphQL sends nothing to any server. The person can trust the workspace (Manage Workspace Trust) and ask again.';
    case 'notAllowed':
      return `The environment "${state.environment}" is defined by this workspace's settings and the person has not allowed its server yet. Tools never ask for that: the person allows it by signing in or running an operation themselves, then asks again.`;
    case 'signedOut':
      return `Nobody is signed in to "${state.environment}". The person signs in with "Tenant GraphQL: Sign In", then asks again.`;
    case 'noSchema':
      return state.signedIn
        ? `The schema of "${state.environment}" is not loaded yet. The person can run "Tenant GraphQL: Refresh Schema", then ask again.`
        : `No schema of "${state.environment}" is loaded, and nobody is signed in to it. The person signs in with "Tenant GraphQL: Sign In", then asks again.`;
    case 'readOnly':
      return `The mutation ${state.operation} was refused: "${state.environment}" is marked read-only ("readOnly": true in tenantGraphql.environments). Nothing was sent.`;
    case 'missingVariables':
      return `${state.operation} needs the variables ${state.names.map((n) => `$${n}`).join(', ')}, which were not given: pass them in "variables". Nothing was sent.`;
    case 'tooLarge':
      return `The document is longer than ${state.limit} characters, more than the editor checks. Send a smaller document.`;
  }
}
