import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ConfigurationService, FolderTypesSettings } from '../services/config';
import { errorMessage } from '../core/errors';
import { taggedLogger, type Logger } from '../core/logger';
import { parseTemplateSourceId } from '../core/embedded/templateSources';
import type { SourceDocument } from '../core/codegen/generateTypes';
import { operationAt } from '../core/codegen/operationTypes';
import type { GenerationReply, SchemaSource } from '../core/codegen/protocol';
import { schemaFileFormat } from '../core/codegen/schemaFile';
import { TypesWorker } from '../core/codegen/typesWorker';
import { OUTSIDE_FOLDER } from '../core/folderPath';
import type { FragmentIndex } from '../core/language/fragmentIndex';
import { inert } from '../core/text/inert';
import type { Schemas, SchemaSnapshot } from '../services/schemas';
import { folderDocuments } from './folderDocuments';
import { GRAPHQL_FILE, TypesProblems } from './typesProblems';
import { WriteTrust } from './writeTrust';

/** What the types feature needs of the language feature: the workspace's documents, and when they were validated. */
export interface TypesLanguage {
  readonly fragments: FragmentIndex;
  readonly onDidValidateWorkspace: vscode.Event<void>;
  /** The GraphQL document at a position (a GraphQL file, or a code file's template), with the position in its text. */
  graphqlAt(
    document: vscode.TextDocument,
    position: vscode.Position,
  ): { readonly id: string; readonly text: string; readonly line: number; readonly character: number } | undefined;
}

/** Set by the extension's build: the types worker's bundle beside dist/extension.js. */
declare const __CODEGEN_WORKER__: string | undefined;

/** Wait for a burst of events (a refresh fires several) before all types are generated again. */
const ALL_DELAY_MS = 300;

/** What one folder generates, and from which schema. */
interface FolderJob {
  readonly folder: vscode.WorkspaceFolder;
  readonly settings: FolderTypesSettings;
  readonly source: SchemaSource;
}

/**
 * Types for your code: keeps the active environment's schema on disk for other tools
 * (`tenantGraphql.schema.writeTo`), and generates TypeScript types for the workspace's operations
 * (`tenantGraphql.codegen`) in the types worker, a thread of its own: on save for the documents
 * saved, for all of them after a schema change once the workspace was validated again. A
 * document that does not validate keeps its last good types, and a warning in Problems says so.
 */
export class TypesGenerationService implements vscode.Disposable {
  readonly worker: TypesWorker;
  private readonly logger: Logger;
  private readonly problems: TypesProblems;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly lastGood = new Map<string, Record<string, string>>();
  private queue: Promise<unknown> = Promise.resolve();
  private allTimer: ReturnType<typeof setTimeout> | undefined;
  private afterValidation = false;
  private readonly generated = new vscode.EventEmitter<GenerationReply>();
  private readonly toldProblems = new Set<string>();
  readonly trust: WriteTrust;
  /** Fires after each generation (tests and the benchmark wait on it). */
  readonly onDidGenerate = this.generated.event;
  /**
   * Whether start() ran. A hover can make the service before it, while the workspace index is
   * still being built: until then no generation is scheduled (start() schedules them all).
   */
  private started = false;

  constructor(
    context: vscode.ExtensionContext,
    private readonly config: ConfigurationService,
    private readonly schemas: Schemas,
    private readonly language: TypesLanguage,
    logger: Logger,
  ) {
    this.logger = taggedLogger(logger, 'types');
    this.problems = new TypesProblems(config);
    this.trust = new WriteTrust(this.logger);
    const script =
      typeof __CODEGEN_WORKER__ === 'string'
        ? path.join(context.extensionPath, 'dist', __CODEGEN_WORKER__)
        : path.join(context.extensionPath, 'src', 'core', 'codegen', 'codegenWorker.ts');
    this.worker = new TypesWorker({ script, execArgv: typeof __CODEGEN_WORKER__ === 'string' ? [] : ['--import', 'tsx'] });
    this.disposables.push(
      this.problems,
      this.generated,
      this.worker,
      config.onDidChangeFolderTypes(() => this.settingsChanged()),
      // Trusted now: what Restricted Mode held back is written (the settings may have changed with it).
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.settingsChanged()),
      schemas.environment.onDidChangeSchema(() => void this.writeSchemaFiles()),
      // A new version: the workspace is validated again first (its problems are what people look at), then types follow.
      schemas.onDidChangeVersion(() => {
        this.afterValidation = true;
      }),
      schemas.onDidChange(() => {
        if (!this.afterValidation) {
          this.scheduleAll();
        }
      }),
      language.onDidValidateWorkspace(() => {
        if (this.afterValidation) {
          this.afterValidation = false;
          this.scheduleAll();
        }
      }),
      vscode.workspace.onDidSaveTextDocument((doc) => this.saved(doc)),
    );
  }

  /** What is still on comes back with the next generation; what was turned off takes its warnings with it. */
  private settingsChanged(): void {
    this.problems.clear();
    void this.writeSchemaFiles();
    this.scheduleAll();
  }

  /** Writes the schema files and generates every enabled folder's types (at activation, once the index is built). */
  start(): void {
    this.started = true;
    void this.writeSchemaFiles();
    this.scheduleAll(0);
  }

  /** The types settings of each workspace folder that has any turned on. */
  private enabledFolders(): { folder: vscode.WorkspaceFolder; settings: FolderTypesSettings }[] {
    return (vscode.workspace.workspaceFolders ?? [])
      .filter((folder) => folder.uri.scheme === 'file')
      .map((folder) => ({ folder, settings: this.config.folderTypes(folder) }))
      .filter(({ folder, settings }) => {
        for (const problem of settings.problems) {
          this.tellOnce(`${folder.uri.toString()}:${problem}`, problem);
        }
        return settings.schemaWriteTo !== undefined || settings.codegen !== undefined;
      });
  }

  private tellOnce(key: string, message: string): void {
    if (!this.toldProblems.has(key)) {
      this.toldProblems.add(key);
      this.logger.warn(message);
      void vscode.window.showWarningMessage(inert(message, { sink: 'notification' }));
    }
  }

  /** Writes `tenantGraphql.schema.writeTo` of every folder that sets it, each only when the schema changed (a file not inside its folder: told once). */
  async writeSchemaFiles(): Promise<void> {
    const snapshot = this.schemas.current();
    const source = snapshot && this.schemas.sourceOf(snapshot);
    if (!snapshot || !source) {
      return;
    }
    const folders = this.enabledFolders().filter(({ settings }) => settings.schemaWriteTo);
    if (folders.length === 0 || !this.trust.mayWrite('schema files')) {
      return;
    }
    for (const { folder, settings } of folders) {
      const file = path.join(folder.uri.fsPath, settings.schemaWriteTo ?? '');
      try {
        await this.writeSchemaFile(snapshot, source, file, folder.uri.fsPath);
      } catch (err) {
        if (errorMessage(err).includes(OUTSIDE_FOLDER)) {
          this.tellOnce(`${folder.uri.toString()}:outside:${file}`, vscode.l10n.t('{0}: {1}', 'tenantGraphql.schema.writeTo', errorMessage(err)));
        }
      }
    }
  }

  /** Writes the schema to `file` (SDL, or introspection JSON for `.json`) when it changed, true when it did; `root`: only inside it on disk. None in Restricted Mode. */
  async writeSchemaFile(snapshot: SchemaSnapshot, source: SchemaSource, file: string, root?: string): Promise<boolean> {
    this.trust.throwUnlessTrusted(file);
    try {
      const reply = await this.enqueue(() =>
        this.worker.request({
          kind: 'schemaFile',
          schema: source,
          file,
          root,
          format: schemaFileFormat(file),
          header: { environment: snapshot.label, fetchedAt: snapshot.fetchedAt ?? new Date() },
        }),
      );
      if (reply.written) {
        this.logger.info(`wrote the schema of "${snapshot.label}" to ${file}`);
      }
      return reply.written;
    } catch (err) {
      this.logger.warn(`could not write the schema to ${file}: ${errorMessage(err)}`);
      throw err;
    }
  }

  private scheduleAll(delayMs = ALL_DELAY_MS): void {
    if (!this.started) {
      return;
    }
    clearTimeout(this.allTimer);
    this.allTimer = setTimeout(() => void this.generateAll(), delayMs);
  }

  /** Generates the types of every enabled folder (nothing in Restricted Mode). */
  async generateAll(): Promise<void> {
    for (const job of this.jobs()) {
      if (job.settings.codegen?.graphqlFiles) {
        await this.generateOperationFiles(job);
      }
      if (job.settings.codegen?.templatesFile) {
        await this.generateTemplatesFile(job);
      }
    }
  }

  private jobs(): FolderJob[] {
    const jobs: FolderJob[] = [];
    for (const { folder, settings } of this.enabledFolders()) {
      const snapshot = this.schemas.schemaFor(folder.uri);
      const source = snapshot && this.schemas.sourceOf(snapshot);
      if (settings.codegen && source) {
        jobs.push({ folder, settings, source });
      }
    }
    return jobs;
  }

  /** A saved document: its own types again (all of its folder's when it defines fragments others use). */
  private saved(doc: vscode.TextDocument): void {
    const folder = vscode.workspace.getWorkspaceFolder(doc.uri);
    if (!this.started || !folder || doc.uri.scheme !== 'file') {
      return;
    }
    const job = this.jobs().find((j) => j.folder.uri.toString() === folder.uri.toString());
    if (!job) {
      return;
    }
    const id = doc.uri.toString();
    if (GRAPHQL_FILE.test(doc.uri.path) && job.settings.codegen?.graphqlFiles) {
      const definesFragments = this.language.fragments.all().some((f) => f.uri === id);
      void this.generateOperationFiles(job, definesFragments ? undefined : [id]);
    } else if (job.settings.codegen?.templatesFile && this.language.fragments.uris().some((u) => parseTemplateSourceId(u)?.hostUri === id)) {
      void this.generateTemplatesFile(job);
    }
  }

  /** The folder's documents as the worker takes them: `.graphql` files, or templates of code files. */
  documents(folder: vscode.WorkspaceFolder, kind: 'graphql' | 'templates' | 'all'): SourceDocument[] {
    return folderDocuments(this.language.fragments.texts(), folder, kind);
  }

  /**
   * The types of one operation of the document at a position (its name, or its keyword), as the
   * generated file has them; undefined elsewhere, or without a schema. Generated in memory (nothing
   * written), so it works with generation off.
   */
  async operationTypesAt(
    document: vscode.TextDocument,
    position: vscode.Position,
  ): Promise<{ readonly generated: string; readonly index: number; readonly name: string } | undefined> {
    const at = this.language.graphqlAt(document, position);
    const op = at && operationAt(at.text, at.line, at.character);
    const folder = vscode.workspace.getWorkspaceFolder(document.uri);
    const snapshot = this.schemas.schemaFor(document.uri);
    const source = snapshot && this.schemas.sourceOf(snapshot);
    if (!at || !op || !source) {
      return undefined;
    }
    const host = vscode.Uri.parse(parseTemplateSourceId(at.id)?.hostUri ?? at.id);
    const others = folder ? this.documents(folder, 'all').filter((d) => d.id !== at.id) : [];
    const documents = [...others, { id: at.id, location: host.fsPath, text: at.text }];
    const root = folder?.uri.fsPath ?? path.dirname(host.fsPath);
    const reply = await this.enqueue(() => this.worker.request({ kind: 'operationFiles', schema: source, root, documents, only: [at.id], write: false }));
    const generated = reply.files[0]?.text;
    if (!generated) {
      throw new Error(reply.problems[0]?.message ?? vscode.l10n.t('no types were generated'));
    }
    return { generated, index: op.index, name: op.name };
  }

  /** `x.generated.ts` beside the folder's `.graphql` files (`only`: just those documents'). */
  async generateOperationFiles(job: FolderJob, only?: readonly string[]): Promise<GenerationReply | undefined> {
    const documents = this.documents(job.folder, 'graphql');
    return this.run(`${only ? only.length : documents.length} GraphQL file(s) of "${job.folder.name}"`, only ?? documents.map((d) => d.id), () =>
      this.worker.request({ kind: 'operationFiles', schema: job.source, root: job.folder.uri.fsPath, documents, only, write: true }),
    );
  }

  /** The folder's templates' file (client preset style). */
  async generateTemplatesFile(job: FolderJob): Promise<GenerationReply | undefined> {
    const output = path.join(job.folder.uri.fsPath, job.settings.codegen?.templatesFile ?? '');
    const documents = this.documents(job.folder, 'templates');
    const key = `${job.folder.uri.toString()}|${output}`;
    const reply = await this.run(
      `${documents.length} template(s) of "${job.folder.name}"`,
      documents.map((d) => d.id),
      () => this.worker.request({ kind: 'clientFile', schema: job.source, documents, output, root: job.folder.uri.fsPath, write: true, lastGood: this.lastGood.get(key) }),
    );
    const texts = reply?.files[0]?.texts;
    if (texts) {
      this.lastGood.set(key, { ...texts });
    }
    return reply;
  }

  private async run(what: string, ids: readonly string[], request: () => Promise<GenerationReply>): Promise<GenerationReply | undefined> {
    if (!this.trust.mayWrite(`types of ${what}`)) {
      return undefined;
    }
    try {
      const reply = await this.enqueue(request);
      const written = reply.files.filter((f) => f.written).length;
      this.logger.info(
        `types of ${what}: ${reply.files.length} file(s), ${written} written, ${reply.problems.length} document(s) without new types, ${reply.ms.toFixed(0)} ms in the worker`,
      );
      await this.problems.show(ids, reply.problems);
      this.generated.fire(reply);
      return reply;
    } catch (err) {
      this.logger.warn(`types of ${what} not generated: ${errorMessage(err)}`);
      return undefined;
    }
  }

  /** One request at a time (a save waits for the generation before it). */
  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Problems this feature shows for a file (tests). */
  problemsOf(uri: vscode.Uri): readonly vscode.Diagnostic[] {
    return this.problems.of(uri);
  }

  dispose(): void {
    clearTimeout(this.allTimer);
    vscode.Disposable.from(...this.disposables.reverse()).dispose();
  }
}
