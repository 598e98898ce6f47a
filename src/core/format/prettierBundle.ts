// The entry of dist/prettier.js (scripts/build.mjs): prettier's standalone printer and its GraphQL
// plugin, a bundle of their own that the extension requires on the first Format Document
// (formatGraphql.ts).
export * as prettier from 'prettier/standalone';
export * as graphql from 'prettier/plugins/graphql';
