import * as vscode from 'vscode';
import { print } from 'graphql';
import type { EmbeddedTemplate } from '../core/embedded/embeddedTemplate';
import type { EmbeddedFiles } from '../core/embedded/templateSources';
import type { FragmentEntry } from '../core/language/fragmentIndex';
import { embeddedDocuments, fragmentsOfTemplate, type EmbeddedDocument, type FragmentSource } from '../core/run/embeddedRun';
import { parseDocument } from '../core/run/operations';
import { isCodeDocument } from '../platform/codeFiles';
import { basename } from './runDocuments';
import { MAX_DOCUMENT_CHARS } from '../core/text/limits';

/** Where the run looks up fragments that a document spreads but does not define (the workspace fragment index). */
export interface FragmentLookup {
  get(name: string): Pick<FragmentEntry, 'name' | 'uri' | 'node'> | undefined;
}

interface Scanned {
  readonly version: number;
  /** The configured tags it was scanned with (a change of `tenantGraphql.embedded.tags` rescans). */
  readonly tagsKey: string;
  readonly templates: EmbeddedTemplate[];
  docs?: EmbeddedDocument[];
}

/**
 * The GraphQL templates of code files as the run feature reads them (Run CodeLens, the template
 * context key, run targets, fragments): scanned once per document version over the one template
 * cache of the window (`EmbeddedFiles`, made by the composition root and shared with the language
 * feature, whose host forgets a closed file's templates), the operation documents parsed once per
 * version.
 */
export class HostTemplates {
  private readonly scanned = new WeakMap<vscode.TextDocument, Scanned>();

  /** @param live the open code files' templates: typing inside a template moves them instead of rescanning the file */
  constructor(
    private readonly live: EmbeddedFiles,
    /** `tenantGraphql.embedded.tags`, through the configuration service. */
    private readonly templateTags: () => readonly string[],
  ) {}

  private scan(document: vscode.TextDocument): Scanned {
    const tags = this.templateTags();
    const tagsKey = tags.join('\n');
    const known = this.scanned.get(document);
    if (known && known.version === document.version && known.tagsKey === tagsKey) {
      return known;
    }
    // The language features' limit: no templates for a code file larger than that (its text is not kept either).
    const text = isCodeDocument(document) ? document.getText() : '';
    if (text.length > MAX_DOCUMENT_CHARS) {
      this.live.remove(document.uri.toString());
    }
    const templates = text !== '' && text.length <= MAX_DOCUMENT_CHARS ? this.live.update(document.uri.toString(), text, { tags }).sources.map((s) => s.template) : [];
    const fresh: Scanned = { version: document.version, tagsKey, templates };
    this.scanned.set(document, fresh);
    return fresh;
  }

  /** The GraphQL templates of a code file (none for other files), scanned once per version. */
  templatesOf(document: vscode.TextDocument): readonly EmbeddedTemplate[] {
    return this.scan(document).templates;
  }

  /** The templates of a code file that hold operations, parsed once per version. */
  operationDocumentsOf(document: vscode.TextDocument): readonly EmbeddedDocument[] {
    const s = this.scan(document);
    s.docs ??= embeddedDocuments(s.templates);
    return s.docs;
  }

  /**
   * Finds a fragment for a sent document: first in the other templates of the same code file
   * (verbatim, so that errors inside it map back to its characters), then in the workspace's
   * fragment index (.graphql files, and code files when the index holds them).
   */
  fragmentResolver(document: vscode.TextDocument, index: FragmentLookup | undefined): (name: string) => FragmentSource | undefined {
    let local: Map<string, FragmentSource> | undefined;
    return (name) => {
      if (isCodeDocument(document)) {
        if (!local) {
          local = new Map();
          for (const template of this.templatesOf(document)) {
            if (/\bfragment\b/.test(template.text)) {
              for (const f of fragmentsOfTemplate({ template, ast: parseDocument(template.text).ast }, basename(document.uri))) {
                if (!local.has(f.name)) {
                  local.set(f.name, f);
                }
              }
            }
          }
        }
        const found = local.get(name);
        if (found) {
          return found;
        }
      }
      const entry = index?.get(name);
      return entry ? { name, text: print(entry.node), where: vscode.workspace.asRelativePath(vscode.Uri.parse(entry.uri)) } : undefined;
    };
  }
}
