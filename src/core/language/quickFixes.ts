/**
 * Quick fixes for GraphQL documents: pure functions from the text, the schema and the problems
 * shown on it (local validation, the Service's errors, the workspace validation) to edits of the
 * text. Everything works on the one definition a problem lies in, parsed alone. A fix is offered
 * only where the problem's range lands on the token it is about (a server error without a
 * location is shown on the operation's name: no fix for it, never a wrong edit).
 *
 * This module is the entry and the list of the fix families; each family is a module of its own
 * (quickFixDidYouMean, quickFixDeclarations, quickFixFields, quickFixDeprecated).
 */
import type { GraphQLSchema } from 'graphql';
import { ActionText, actionText, type CoreCodeAction, type QuickFixContext, type QuickFixFamily } from './codeActionsShared';
import type { Range } from '../text/position';
import { declarationFixes } from './quickFixDeclarations';
import { deprecationFixes } from './quickFixDeprecated';
import { didYouMeanFixes } from './quickFixDidYouMean';
import { fieldFixes } from './quickFixFields';

/** A problem shown on the text (its message as shown, and its range in the text). */
export interface FixableDiagnostic {
  readonly range: Range;
  readonly message: string;
}

/**
 * The families of quick fixes, one module each; a problem gets the fixes of the first family that
 * knows its message.
 */
const FAMILIES: readonly QuickFixFamily[] = [didYouMeanFixes, declarationFixes, fieldFixes, deprecationFixes];

/**
 * The quick fixes for the problems given (each action names the index of its problem). Every
 * edit stays inside the definition the problem is in, except "Declare variable" (the operation's
 * variable list) and "Remove unused fragment".
 */
export function quickFixes(text: string | ActionText, schema: GraphQLSchema, diagnostics: readonly FixableDiagnostic[], context: QuickFixContext = {}): CoreCodeAction[] {
  const doc = actionText(text);
  const out: (CoreCodeAction & { diagnostics: number[] })[] = [];
  const seen = new Map<string, CoreCodeAction & { diagnostics: number[] }>();
  diagnostics.forEach((d, i) => {
    try {
      for (const action of fixesOnce(doc, schema, d, context)) {
        // One problem can be shown twice (graphql reports an undefined variable at its use and on
        // the operation; local validation and the Service report the same field): one fix for both.
        const key = JSON.stringify([action.title, action.edits]);
        const known = seen.get(key);
        if (known) {
          known.diagnostics.push(i);
        } else {
          const added = { ...action, diagnostics: [i] };
          seen.set(key, added);
          out.push(added);
        }
      }
    } catch {
      // A fix that cannot be computed is not offered.
    }
  });
  return out;
}

/**
 * The fixes for one problem, computed once per text, schema and problem (VS Code asks again at
 * every cursor move); an unknown fragment's each time (its answers read the workspace's fragments).
 */
function fixesOnce(doc: ActionText, schema: GraphQLSchema, d: FixableDiagnostic, context: QuickFixContext): readonly CoreCodeAction[] {
  if (d.message.startsWith('Unknown fragment')) {
    return fixesFor(doc, schema, d, context);
  }
  const { line, character } = d.range.start;
  return doc.rememberFor(schema, `fixes@${line}:${character}:${d.message}`, () => fixesFor(doc, schema, d, context));
}

function fixesFor(doc: ActionText, schema: GraphQLSchema, d: FixableDiagnostic, context: QuickFixContext): CoreCodeAction[] {
  const offset = doc.offsetAt(d.range);
  const def = doc.definitionAt(offset);
  if (!def) {
    return [];
  }
  const local = offset - def.base;
  for (const family of FAMILIES) {
    const fixes = family(doc, schema, def, local, d.message, context);
    if (fixes) {
      return fixes;
    }
  }
  return [];
}
