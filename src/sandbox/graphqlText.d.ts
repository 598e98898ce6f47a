/** A `.graphql` file imported by the Sandbox: its text (esbuild's text loader; test/graphqlText.cjs in the unit tests). */
declare module '*.graphql' {
  const text: string;
  export default text;
}
