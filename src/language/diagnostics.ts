import * as vscode from 'vscode';
import { errorMessage } from '../core/errors';
import { taggedLogger, type Logger } from '../core/logger';
import { SDL_SCHEME } from '../services/schemas';
import { KeyedDebouncer } from '../platform/debouncer';
import { toDiagnostic } from './convert';
import { MAX_DOCUMENT_CHARS, type LanguageHost } from './languageHost';
import type { GraphqlLanguageService } from '../core/language/languageService';
import type { LanguageDiagnostic, TextDocumentSnapshot } from '../core/language/types';
import { toHostRange, type TemplateSource } from '../core/embedded/templateSources';
import { isCodeDocument } from '../platform/codeFiles';
import { TimeSlicer } from '../core/timeSlicer';
import { withoutServerDuplicates } from '../core/run/duplicateProblems';
import { fromRange } from '../platform/ranges';

/** Wait after the last keystroke before validating. */
const DIAGNOSTICS_DEBOUNCE_MS = 200;

/**
 * Work per slice of a validation: a newly opened large document is parsed and validated in
 * slices of about this long, the thread yielded between them (the extension host is shared).
 */
const SLICE_MS = 15;

/** Name of the validation collection (the run feature's server errors have their own). */
const DIAGNOSTICS_COLLECTION = 'GraphQL';

/** The run feature's collection of the Service's errors (src/run/serverDiagnostics.ts). */
const SERVER_SOURCE = 'GraphQL (server)';

const SKIPPED_SCHEMES = new Set([SDL_SCHEME, 'git', 'output', 'vscode-scm']);

/**
 * One slice of a document's validation, as vscode.Diagnostics (undefined: not done yet, call
 * again). Also what the adapter benchmark times, with an unlimited budget, after an edit.
 */
export function diagnosticsSlice(service: GraphqlLanguageService, snap: TextDocumentSnapshot, budgetMs: number): vscode.Diagnostic[] | undefined {
  return service.diagnosticsWithin(snap, budgetMs)?.map(toDiagnostic);
}

/**
 * One slice of the validation of a code file's templates (each validated as a document of its
 * own, its ranges moved to the host file), as vscode.Diagnostics; undefined: not done, call again
 * with the same `progress`. Templates whose text did not change answer from the service's memo.
 */
export function templateDiagnosticsSlice(
  service: GraphqlLanguageService,
  snaps: readonly { readonly snap: TextDocumentSnapshot; readonly source: TemplateSource }[],
  budgetMs: number,
  progress: { next: number; found: vscode.Diagnostic[] } = { next: 0, found: [] },
): vscode.Diagnostic[] | undefined {
  const deadline = performance.now() + budgetMs;
  while (progress.next < snaps.length) {
    const { snap, source } = snaps[progress.next];
    const left = deadline - performance.now();
    const result = service.diagnosticsWithin(snap, budgetMs === Infinity ? Infinity : Math.max(left, 0));
    if (!result) {
      return undefined;
    }
    progress.found.push(...result.map((d) => toDiagnostic(inHost(source, d))));
    progress.next++;
    if (progress.next < snaps.length && performance.now() >= deadline) {
      return undefined;
    }
  }
  return progress.found;
}

function inHost(source: TemplateSource, d: LanguageDiagnostic): LanguageDiagnostic {
  return { ...d, range: toHostRange(source.basePosition, d.range) };
}

/**
 * Syntax and validation diagnostics as you type, debounced, in their own collection, for GraphQL
 * documents and for the GraphQL templates of code files. Recomputed for every open document when
 * its schema or the workspace fragments change. A diagnostic that a run's server error shows at
 * the same place in the same words is left out while that one is there (one problem per mistake).
 */
export class DiagnosticsManager implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection(DIAGNOSTICS_COLLECTION);
  private readonly logger: Logger;
  private readonly timers = new KeyedDebouncer();
  private readonly tooLargeTold = new Set<string>();
  /** Each document's latest validation, before the server's duplicates are left out. */
  private readonly found = new Map<string, vscode.Diagnostic[]>();
  /** What the collection shows of each document, as last set (compared by identity). */
  private readonly shown = new Map<string, vscode.Diagnostic[]>();
  private readonly disposables: vscode.Disposable[] = [];
  private disposed = false;

  constructor(
    private readonly host: LanguageHost,
    onDidChangeIndex: vscode.Event<void>,
    logger: Logger,
  ) {
    this.logger = taggedLogger(logger, 'language');
    this.disposables.push(
      this.collection,
      vscode.workspace.onDidOpenTextDocument((doc) => this.schedule(doc, 0)),
      vscode.workspace.onDidChangeTextDocument((e) => this.schedule(e.document, DIAGNOSTICS_DEBOUNCE_MS)),
      vscode.workspace.onDidCloseTextDocument((doc) => {
        const id = doc.uri.toString();
        this.timers.cancel(id);
        this.tooLargeTold.delete(id);
        this.remove(doc.uri);
        host.forget(doc.uri);
      }),
      vscode.languages.onDidChangeDiagnostics((e) => {
        for (const uri of e.uris) {
          if (this.found.has(uri.toString())) {
            this.render(uri);
          }
        }
      }),
      host.onDidChangeSchemas(() => this.scheduleAll()),
      onDidChangeIndex(() => this.scheduleAll()),
    );
    this.scheduleAll();
  }

  /** Validates every open GraphQL document soon. */
  scheduleAll(): void {
    for (const doc of vscode.workspace.textDocuments) {
      this.schedule(doc, DIAGNOSTICS_DEBOUNCE_MS);
    }
  }

  private schedule(doc: vscode.TextDocument, delayMs: number): void {
    if ((doc.languageId !== 'graphql' && !isCodeDocument(doc)) || SKIPPED_SCHEMES.has(doc.uri.scheme)) {
      return;
    }
    const id = doc.uri.toString();
    this.timers.schedule(id, delayMs, () => this.validate(doc));
  }

  private validate(doc: vscode.TextDocument): void {
    if (doc.isClosed) {
      return;
    }
    if (doc.languageId !== 'graphql') {
      this.validateTemplates(doc);
      return;
    }
    const snap = this.host.snapshotOf(doc);
    if (!snap) {
      this.remove(doc.uri);
      this.tellTooLarge(doc);
      return;
    }
    const found = this.host.serviceFor(doc.uri);
    if (!found) {
      // No schema yet: validation against nothing would only mislead.
      this.remove(doc.uri);
      return;
    }
    // A newer version, a closed document or another schema has its own validation scheduled.
    const current = () => doc.version === snap.version && this.host.serviceFor(doc.uri)?.service === found.service;
    void this.inSlices(doc, (budgetMs) => diagnosticsSlice(found.service, snap, budgetMs), current);
  }

  /** Validates the templates of a code file, in slices like a large GraphQL document. */
  private validateTemplates(doc: vscode.TextDocument): void {
    const sources = this.host.templatesOf(doc);
    const found = sources.length > 0 ? this.host.serviceFor(doc.uri) : undefined;
    if (!found) {
      // No templates, or no schema yet: nothing to say.
      this.remove(doc.uri);
      return;
    }
    const version = doc.version;
    const snaps = sources.map((source) => ({ source, snap: this.host.templateSnapshot(doc, source) }));
    const progress = { next: 0, found: [] as vscode.Diagnostic[] };
    const current = () => doc.version === version && this.host.serviceFor(doc.uri)?.service === found.service;
    void this.inSlices(doc, (budgetMs) => templateDiagnosticsSlice(found.service, snaps, budgetMs, progress), current);
  }

  /**
   * Runs a validation a slice at a time (`step` answers undefined until it is done), the core's
   * time slicer giving the event loop a turn between slices, and shows its diagnostics; stops
   * when the validation is no longer `current`. The first slice runs at once.
   */
  private async inSlices(doc: vscode.TextDocument, step: (budgetMs: number) => vscode.Diagnostic[] | undefined, current: () => boolean): Promise<void> {
    const slicer = new TimeSlicer({ budgetMs: SLICE_MS });
    try {
      for (;;) {
        if (this.disposed || doc.isClosed || !current()) {
          return;
        }
        const result = step(SLICE_MS);
        if (result) {
          this.found.set(doc.uri.toString(), result);
          this.render(doc.uri);
          return;
        }
        // The step used its budget: yield whatever the slicer's clock says.
        await slicer.yieldNowAndResume();
      }
    } catch (err) {
      this.logger.error(`diagnostics of ${doc.uri.toString(true)} failed: ${errorMessage(err)}`);
    }
  }

  /** Shows a document's latest validation without what the server's errors already show. */
  private render(uri: vscode.Uri): void {
    const found = this.found.get(uri.toString()) ?? [];
    const server = vscode.languages
      .getDiagnostics(uri)
      .filter((d) => d.source === SERVER_SOURCE)
      .map((d) => ({ range: fromRange(d.range), message: d.message }));
    const shown = withoutServerDuplicates(
      found.map((diagnostic) => ({ diagnostic, range: fromRange(diagnostic.range), message: diagnostic.message })),
      server,
    ).map((p) => p.diagnostic);
    const current = this.shown.get(uri.toString());
    // Setting the collection fires onDidChangeDiagnostics again: only when something changed.
    if (!current || shown.length !== current.length || shown.some((d, i) => d !== current[i])) {
      this.shown.set(uri.toString(), shown);
      this.collection.set(uri, shown);
    }
  }

  private remove(uri: vscode.Uri): void {
    this.found.delete(uri.toString());
    this.shown.delete(uri.toString());
    this.collection.delete(uri);
  }

  private tellTooLarge(doc: vscode.TextDocument): void {
    const id = doc.uri.toString();
    if (this.tooLargeTold.has(id)) {
      return;
    }
    this.tooLargeTold.add(id);
    const name = doc.uri.path.split('/').pop() ?? id;
    this.logger.info(`${name} is larger than ${MAX_DOCUMENT_CHARS / 1024 / 1024} MB: no completion, hover or validation for it`);
    vscode.window.setStatusBarMessage(vscode.l10n.t('$(info) {0} is larger than 2 MB, so GraphQL completion, hover and validation are off for it.', name), 15_000);
  }

  /** Diagnostics currently shown for a document (for tests). */
  get(uri: vscode.Uri): readonly vscode.Diagnostic[] {
    return this.collection.get(uri) ?? [];
  }

  dispose(): void {
    this.disposed = true;
    this.found.clear();
    this.shown.clear();
    this.timers.dispose();
    vscode.Disposable.from(...this.disposables).dispose();
  }
}
