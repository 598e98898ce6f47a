import * as vscode from 'vscode';
import { coerceAnswer } from '../core/run/variableAnswers';
import type { VariableNeed, VariableValues } from '../core/run/variables';
import { inert } from '../core/text/inert';

/** The answers, and whether the user asked to save them to the sidecar. */
export interface PromptAnswers {
  values: VariableValues;
  save: boolean;
}

/**
 * Asks for each missing required variable with an input that fits its type: a pick of enum
 * values, a pick of true/false, an input box validated as number, string or JSON (input
 * objects, lists). Then offers to save the answers next to the document. Undefined when the
 * user cancelled at any step.
 */
export async function promptForVariables(needs: readonly VariableNeed[], operationLabel: string, sidecarName: string | undefined): Promise<PromptAnswers | undefined> {
  const values: VariableValues = {};
  for (const [i, need] of needs.entries()) {
    const step = needs.length > 1 ? ` (${i + 1}/${needs.length})` : '';
    const title = vscode.l10n.t('{0}: value of ${1} ({2}){3}', operationLabel, need.name, need.typeLabel, step);
    const answer = await ask(need, title);
    if (answer === undefined) {
      return undefined;
    }
    values[need.name] = answer.value;
  }
  if (!sidecarName) {
    return { values, save: false };
  }
  const runOnce = { label: vscode.l10n.t('$(play) Run'), description: vscode.l10n.t('use these values this time'), save: false };
  const runAndSave = { label: vscode.l10n.t('$(save) Save to {0} and Run', sidecarName), description: vscode.l10n.t('remember them for next time'), save: true };
  const picked = await vscode.window.showQuickPick([runOnce, runAndSave], {
    title: vscode.l10n.t('{0}: run with {1}', operationLabel, JSON.stringify(values)),
    ignoreFocusOut: true,
  });
  return picked ? { values, save: picked.save } : undefined;
}

async function ask(need: VariableNeed, title: string): Promise<{ value: unknown } | undefined> {
  if (!need.list && (need.kind === 'enum' || need.kind === 'boolean')) {
    const items: (vscode.QuickPickItem & { value: unknown })[] =
      need.kind === 'boolean'
        ? [
            { label: 'true', value: true },
            { label: 'false', value: false },
          ]
        : (need.enumValues ?? []).map((v) => ({ label: v.name, detail: schemaText(v.description), value: v.name }));
    if (!need.required) {
      items.push({ label: 'null', description: vscode.l10n.t('no value'), value: null });
    }
    const picked = await vscode.window.showQuickPick(items, {
      title,
      placeHolder: schemaText(need.description) ?? vscode.l10n.t('Pick a value of {0}', need.typeLabel),
      ignoreFocusOut: true,
    });
    return picked ? { value: picked.value } : undefined;
  }
  if (need.list && need.kind === 'enum' && need.enumValues) {
    const picked = await vscode.window.showQuickPick(
      need.enumValues.map((v) => ({ label: v.name, detail: schemaText(v.description) })),
      { title, canPickMany: true, placeHolder: vscode.l10n.t('Pick the values of {0}', need.typeLabel), ignoreFocusOut: true },
    );
    return picked ? { value: picked.map((p) => p.label) } : undefined;
  }
  const text = await vscode.window.showInputBox({
    title,
    prompt: promptFor(need),
    value: need.template ?? '',
    ignoreFocusOut: true,
    validateInput: (t) => {
      const r = coerceAnswer(need, t);
      return r.ok ? undefined : r.message;
    },
  });
  if (text === undefined) {
    return undefined;
  }
  const r = coerceAnswer(need, text);
  return r.ok ? { value: r.value } : undefined;
}

function promptFor(need: VariableNeed): string {
  const what: Record<VariableNeed['kind'], string> = {
    enum: vscode.l10n.t('one of {0}', (need.enumValues ?? []).map((v) => v.name).join(', ')),
    boolean: vscode.l10n.t('true or false'),
    int: vscode.l10n.t('a whole number'),
    float: vscode.l10n.t('a number'),
    string: vscode.l10n.t('text'),
    id: vscode.l10n.t('an ID'),
    json: vscode.l10n.t('a JSON value'),
  };
  const list = need.list ? vscode.l10n.t(' (a JSON array, or a single item)') : '';
  const desc = need.description ? ` — ${need.description}` : '';
  return vscode.l10n.t('Enter {0}{1}{2}', what[need.kind], list, desc);
}

/** A description from the Service's schema, as shown in a quick pick: inert (no icons, control or bidi characters). */
function schemaText(text: string | undefined): string | undefined {
  return text === undefined ? undefined : inert(text, { sink: 'quickPick' });
}
