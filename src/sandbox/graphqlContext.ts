/** What the Sandbox's resolvers share: their context, their signature and the error for bad input. */
import { GraphQLError, type GraphQLFieldResolver } from 'graphql';
import type { DataStore, Viewer } from './data';
import type { ScopeRules } from './tenant';
import { Visibility } from './visibility';

/** What every resolver receives as context. */
// A type alias (not an interface) so it satisfies graphql-http's Record-based OperationContext.
export type GraphqlContext = {
  viewer: Viewer;
  /** The tenant's data as this viewer may see it: the only way resolvers reach the data. */
  visible: Visibility;
  scopeRules: ScopeRules;
  team: { id: string; name: string };
  /** Current time in ms (from the Sandbox clock). */
  now: () => number;
};

/** The context of one GraphQL request of `viewer`. */
export function createGraphqlContext(store: DataStore, viewer: Viewer, tenant: { scopeRules: ScopeRules; team: { id: string; name: string } }, now: () => number): GraphqlContext {
  return { viewer, visible: new Visibility(store, viewer), scopeRules: tenant.scopeRules, team: tenant.team, now };
}

/** The signature of every Sandbox resolver. */
export type Resolver = GraphQLFieldResolver<unknown, GraphqlContext, Record<string, unknown>>;

/** An error in what the client sent, with its code (`BAD_USER_INPUT` unless told). */
export function userError(message: string, code = 'BAD_USER_INPUT'): GraphQLError {
  return new GraphQLError(message, { extensions: { code } });
}
