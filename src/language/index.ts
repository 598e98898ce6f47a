import * as vscode from 'vscode';
import type { FeatureContext } from '../featureContext';

/** Language features from the live schema: schema service, providers, explorer, SDL view. */
export function registerLanguageFeature(_features: FeatureContext): vscode.Disposable {
  return new vscode.Disposable(() => undefined);
}
