/** What the code-action tests (unit and contract) compare: the diagnostics of a text, the texts after its fixes. */
import { parse, validate, type GraphQLSchema } from 'graphql';
import { SANDBOX_SDL } from '../../../../src/sandbox/schema';
import { schemaFromSdl } from '../../../../src/core/schema/loadSchema';
import { GraphqlLanguageService } from '../../../../src/core/language/languageService';
import { quickFixes, type FixableDiagnostic } from '../../../../src/core/language/quickFixes';
import { mapErrorLocations } from '../../../../src/core/run/errorLocations';
import { applyEdits } from './textEdits';
import { document } from './helpers';

export const sandbox = schemaFromSdl(SANDBOX_SDL).schema;

/** What the as-you-type validation shows on a text. */
export function localDiagnostics(schema: GraphQLSchema, text: string): FixableDiagnostic[] {
  return GraphqlLanguageService.create(schema).diagnostics(document(text));
}

/** What the run shows for the Service's answer: graphql's errors, with their locations, placed as the run places them. */
export function serverDiagnostics(schema: GraphQLSchema, text: string, dropLocations = false): FixableDiagnostic[] {
  const errors = validate(schema, parse(text)).map((e) => {
    const json = e.toJSON() as { message: string; locations?: unknown };
    return dropLocations ? { message: json.message } : json;
  });
  const fallback = { start: { line: 0, character: 6 }, end: { line: 0, character: 7 } };
  return mapErrorLocations(text, errors, fallback);
}

/** The texts after each fix for the diagnostics, with their titles. */
export function fixed(
  schema: GraphQLSchema,
  text: string,
  diagnostics: FixableDiagnostic[],
  fragments: { name: string; typeCondition: string }[] = [],
): { title: string; text: string; preferred: boolean }[] {
  return quickFixes(text, schema, diagnostics, { fragments })
    .filter((a) => a.edits.length > 0)
    .map((a) => ({ title: `${a.title.id}(${a.title.args.join(', ')})`, text: applyEdits(text, a.edits), preferred: a.isPreferred === true }));
}

export function errorsOf(schema: GraphQLSchema, text: string): string[] {
  return validate(schema, parse(text)).map((e) => e.message);
}
