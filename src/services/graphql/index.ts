/** The authenticated GraphQL client service (public surface for the composition root and the features). */
export { GraphqlService, NotSignedInError } from './graphqlService';
