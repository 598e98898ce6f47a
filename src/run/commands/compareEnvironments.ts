import * as vscode from 'vscode';
import type { RunOutcome } from '../../core/run/runRecord';
import type { StoredRun } from '../../core/run/runStore';
import { inert } from '../../core/text/inert';
import { runsOf } from './historyArgs';
import type { RunCommand } from './runCommand';

/**
 * Run on Another Environment and Compare: the same operation with the same variables on a second
 * signed-in environment, then the diff of the two answers (a staging/production check in one
 * step). The first side is the run given (a History row, `{ runId }`), else the operation at the
 * cursor run now on the active environment. Argument `{ environment }` names the second one
 * without asking. Resolves to the diff's two documents, or undefined.
 */
export const runOnAnotherEnvironmentAndCompare: RunCommand = {
  id: 'tenantGraphql.runOnAnotherEnvironmentAndCompare',
  run: async (services, arg) => {
    const { history, controller, diff } = services;
    await history.ready;
    let base: StoredRun | undefined = runsOf(history, arg)[0];
    // The environments of the run's document's folder (a multi-root workspace's folders may define their own).
    const documentUri = base ? vscode.Uri.parse(base.documentUri, true) : vscode.window.activeTextEditor?.document.uri;
    const others = await services.signedInElsewhere(documentUri);
    const given = (arg as { environment?: unknown } | undefined)?.environment;
    if (others.length === 0 && typeof given !== 'string') {
      void vscode.window.showInformationMessage(
        inert(vscode.l10n.t('Sign in to a second environment first: this runs the operation there as well and compares the two answers.'), { sink: 'notification' }),
      );
      return undefined;
    }
    if (!base) {
      const first = await controller.run();
      base = first && !first.failure ? history.get(first.runId) : undefined;
    }
    if (!base) {
      return undefined;
    }
    const baseEnvironment = base.environment;
    const environment =
      typeof given === 'string'
        ? given
        : await vscode.window.showQuickPick(
            others.filter((n) => n !== baseEnvironment).map((n) => inert(n, { sink: 'quickPick' })),
            { title: vscode.l10n.t('Run {0} on which environment as well?', inert(base.operationName ?? vscode.l10n.t('(anonymous)'), { sink: 'quickPick' })) },
          );
    if (!environment) {
      return undefined;
    }
    const second: RunOutcome | undefined = await controller.run({
      uri: vscode.Uri.parse(base.documentUri, true),
      operationName: base.operationName,
      variables: base.variables,
      environment,
    });
    const other = second && history.get(second.runId);
    if (!other) {
      return undefined;
    }
    return diff.open(base, other);
  },
};
