import * as vscode from 'vscode';
import type { FeatureContext } from '../featureContext';

/** Run operations: commands, CodeLens, variables, server diagnostics, results, history. */
export function registerRunFeature(_features: FeatureContext): vscode.Disposable {
  return new vscode.Disposable(() => undefined);
}
