import * as vscode from 'vscode';
import { errorMessage } from '../core/errors';
import type { Logger } from '../core/logger';
import { hoverTypes } from '../core/codegen/operationTypes';
import type { TypesGenerationService } from './typesFeature';

/**
 * Hover on an operation's name (in a GraphQL file or a GraphQL template): its result and variables
 * types as TypeScript, as codegen generates them (shortened). Beside the language feature's hover,
 * which tells about schema fields; elsewhere this one answers nothing. Registered at activation
 * (./index.ts); this code is in the on-demand bundle, loaded on the first hover.
 */
export async function typesHover(types: TypesGenerationService, document: vscode.TextDocument, position: vscode.Position, logger: Logger): Promise<vscode.Hover | undefined> {
  try {
    const found = await types.operationTypesAt(document, position);
    const text = found && hoverTypes(found.generated, found.index);
    if (!text) {
      return undefined;
    }
    const markdown = new vscode.MarkdownString();
    markdown.appendMarkdown(vscode.l10n.t('**TypeScript types** of {0}', found.name));
    markdown.appendCodeblock(text, 'typescript');
    return new vscode.Hover(markdown);
  } catch (err) {
    logger.info(`[types] no types for the hover: ${errorMessage(err)}`);
    return undefined;
  }
}
