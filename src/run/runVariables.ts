import * as vscode from 'vscode';
import type { GraphQLSchema } from 'graphql';
import type { Environment } from '../core/auth';
import { errorMessage } from '../core/errors';
import type { Logger } from '../core/logger';
import type { OperationInfo } from '../core/run/operations';
import { analyseVariables, checkVariables, type VariableValues } from '../core/run/variables';
import { parseSidecar, saveAnswers, variablesErrorOffset, variablesFromSidecar } from '../core/run/variablesFile';
import { inert } from '../core/text/inert';
import { LineIndex } from '../core/text/lineIndex';
import { wholeRange } from '../platform/ranges';
import { basename, readTextIfExists, sidecarUriFor } from './runDocuments';
import { promptForVariables } from './variablePrompts';

/**
 * The schema for a run's variables: the named environment's when one is given (Run on Another
 * Environment), else the document's environment's (its folder's; else the active one's). Undefined
 * when it cannot be had now.
 */
export type VariablesSchema = (signal?: AbortSignal, uri?: vscode.Uri, environment?: Environment) => Promise<GraphQLSchema | undefined>;

/** Why a run's variables cannot be sent: the message to show and, for a variables file, where to fix it. */
export interface VariablesProblem {
  readonly message: string;
  readonly reveal?: { readonly uri: vscode.Uri; readonly position: vscode.Position };
}

/** Variables from the arguments or the sidecar, checked (against `environment`'s schema when given, else the document's); missing ones asked for. */
export async function gatherVariables(
  deps: { readonly schema: VariablesSchema; readonly logger: Logger },
  document: vscode.TextDocument,
  op: OperationInfo,
  label: string,
  given: VariableValues | undefined,
  environment?: Environment,
): Promise<{ values: VariableValues | undefined } | { problem: VariablesProblem } | undefined> {
  const defs = op.node?.variableDefinitions ?? [];
  if (defs.length === 0 || !op.node) {
    return { values: undefined };
  }
  const sidecarUri = sidecarUriFor(document.uri);
  let sidecarText: string | undefined;
  let provided: VariableValues = {};
  if (given) {
    provided = given;
  } else if (sidecarUri) {
    sidecarText = await readTextIfExists(sidecarUri);
    if (sidecarText !== undefined) {
      const parsed = parseSidecar(sidecarText);
      if (!parsed.ok) {
        return {
          problem: {
            message: parsed.error.message,
            reveal: { uri: sidecarUri, position: new vscode.Position(parsed.error.line - 1, parsed.error.column - 1) },
          },
        };
      }
      provided = variablesFromSidecar(parsed.sidecar, op.name);
    }
  }
  const schema: GraphQLSchema | undefined = await deps.schema(undefined, document.uri, environment);
  const analysis = analyseVariables(schema, op.node, provided);
  if (analysis.errors.length > 0) {
    return { problem: variablesProblem(analysis.errors, sidecarUri, sidecarText, op, given !== undefined) };
  }
  const values: VariableValues = { ...analysis.values };
  if (analysis.missing.length > 0) {
    const answers = await promptForVariables(analysis.missing, label, sidecarUri ? basename(sidecarUri) : undefined);
    if (!answers) {
      return undefined;
    }
    for (const [k, v] of Object.entries(answers.values)) {
      if (v !== undefined) {
        values[k] = v;
      }
    }
    if (answers.save && sidecarUri) {
      await saveToSidecar(deps.logger, sidecarUri, op.name, answers.values);
    }
  }
  const final = checkVariables(schema, op.node, values);
  if (final.length > 0) {
    return { problem: variablesProblem(final, sidecarUri, sidecarText, op, given !== undefined) };
  }
  return { values };
}

function variablesProblem(errors: string[], sidecarUri: vscode.Uri | undefined, sidecarText: string | undefined, op: OperationInfo, fromArgs: boolean): VariablesProblem {
  const more = errors.length > 1 ? vscode.l10n.t(' ({0} more problems)', errors.length - 1) : '';
  const where = !fromArgs && sidecarUri && sidecarText !== undefined ? vscode.l10n.t(' Fix it in {0}.', basename(sidecarUri)) : '';
  let reveal: { uri: vscode.Uri; position: vscode.Position } | undefined;
  if (!fromArgs && sidecarUri && sidecarText !== undefined) {
    const p = new LineIndex(sidecarText).positionAt(variablesErrorOffset(sidecarText, op.name, errors[0]));
    reveal = { uri: sidecarUri, position: new vscode.Position(p.line, p.character) };
  }
  return { message: `${errors[0]}${more}${where}`, ...(reveal ? { reveal } : {}) };
}

async function saveToSidecar(logger: Logger, uri: vscode.Uri, operationName: string | undefined, values: VariableValues): Promise<void> {
  try {
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    const current = open ? open.getText() : await readTextIfExists(uri);
    const next = saveAnswers(current, operationName, values);
    if (open) {
      const edit = new vscode.WorkspaceEdit();
      edit.replace(uri, wholeRange(open), next);
      await vscode.workspace.applyEdit(edit);
      await open.save();
    } else {
      await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(next));
    }
    logger.info(`[run] saved variables of ${operationName ?? '(anonymous)'} to ${basename(uri)}`);
  } catch (err) {
    void vscode.window.showWarningMessage(inert(vscode.l10n.t('The variables could not be saved to {0}: {1}', basename(uri), errorMessage(err)), { sink: 'notification' }));
  }
}
