import * as vscode from 'vscode';
import type { Environment } from '../core/auth';
import { errorMessage } from '../core/errors';
import type { Logger } from '../core/logger';
import { findItem, itemsOf, type RecordedPermit, type RecordedRun, type TestingTestApi } from './testApi';
import { runTests, type Permit, type TestRunServices } from './testRunHandler';

/** True in the development build only (scripts/build.mjs). */
declare const __TEST_API__: boolean;
import { TestTree, testFileOf } from './testTree';

/** The id of the Testing view's controller (`controllerId` in `when` clauses). */
export const TEST_CONTROLLER_ID = 'tenantGraphql.tests';
const UPDATE_SNAPSHOT = 'tenantGraphql.tests.updateSnapshot';

/** What the testing feature needs: the environments, the authenticated client and the run permission (the run feature's). */
export interface TestingFeatureServices {
  readonly logger: Logger;
  readonly auth: {
    environments(): readonly Environment[];
    activeEnvironment(): Environment | undefined;
    readonly onDidChangeActive: vscode.Event<void>;
  };
  readonly execute: TestRunServices['execute'];
  readonly permit: Permit;
  /** The environments' schemas: what snapshots are checked against (and saved with). */
  readonly schemas: {
    /** The version (core's schemaVersionOf) of an environment's schema, when it is loaded. */
    versionOf(environment: Environment): string | undefined;
    /** The environment a file's folder uses. */
    environmentFor(uri: vscode.Uri): Environment | undefined;
    /** Fires when a schema in use changed (a new version, another environment). */
    readonly onDidChange: vscode.Event<void>;
  };
}

/**
 * Operations as tests in VS Code's Testing view: the cases of the `*.graphql.test.json` files, run on
 * an environment (a run profile each, the active one by default), continuously on save if asked,
 * with "Update Snapshot" on an item. The verdicts are core's, as the command line's.
 */
export class TestingFeature implements vscode.Disposable {
  private readonly controller = vscode.tests.createTestController(TEST_CONTROLLER_ID, vscode.l10n.t('Tenant GraphQL'));
  private readonly tree = new TestTree(
    this.controller,
    (file, err) => this.services.logger.error(`[tests] could not read ${vscode.workspace.asRelativePath(file, false)}: ${errorMessage(err)}`),
    (file) => {
      const environment = this.services.schemas.environmentFor(file);
      const version = environment && this.services.schemas.versionOf(environment);
      return environment && version !== undefined ? { version, environment: environment.name } : undefined;
    },
  );
  private profiles: vscode.TestRunProfile[] = [];
  /** The active environment and the names the profiles were made for. */
  private profilesKey = '';
  private readonly disposables: vscode.Disposable[] = [];
  private readonly continuous = new Set<{ request: vscode.TestRunRequest; environment: () => Environment | undefined; token: vscode.CancellationToken }>();

  /** What the integration tests reach: set in the development build only (`__TEST_API__`, scripts/build.mjs). */
  declare readonly testApi: TestingTestApi | undefined;
  /** The services of a run: the feature's, and in the development build where the verdicts are recorded. */
  private readonly runServices: TestRunServices;

  constructor(private readonly services: TestingFeatureServices) {
    const runs: RecordedRun[] = [];
    const permits: RecordedPermit[] = [];
    const schemaVersion = (environment: Environment) => services.schemas.versionOf(environment);
    this.runServices = __TEST_API__
      ? {
          ...services,
          schemaVersion,
          recordRuns: runs,
          // Each question asked of the run feature's permission, recorded (a modal dialog cannot be seen from a test).
          permit: (type, label, environment) => (permits.push({ type, environment: environment.name }), services.permit(type, label, environment)),
        }
      : { ...services, schemaVersion };
    if (__TEST_API__) {
      this.testApi = {
        runs: () => runs,
        permits: () => permits,
        profiles: () => this.profiles,
        items: () => itemsOf(this.controller.items),
        item: (id) => findItem(this.controller.items, id),
      };
    }
    this.controller.resolveHandler = async (item) => {
      if (!item) {
        await this.tree.discover();
      }
    };
    this.controller.refreshHandler = () => this.tree.discover();
    this.createProfiles();
    this.disposables.push(
      this.controller,
      this.tree,
      services.auth.onDidChangeActive(() => this.createProfiles()),
      // Another version of a schema: the snapshots' warnings (taken on another version) are checked again.
      services.schemas.onDidChange(
        () => void this.tree.refreshAll().catch((err: unknown) => services.logger.error(`[tests] could not read the test files again: ${errorMessage(err)}`)),
      ),
      vscode.workspace.onDidSaveTextDocument((doc) => this.onSave(doc.uri)),
      vscode.commands.registerCommand(UPDATE_SNAPSHOT, (item?: vscode.TestItem) => this.updateSnapshot(item)),
    );
    void this.tree.discover().catch((err: unknown) => services.logger.error(`[tests] could not find the test files: ${errorMessage(err)}`));
  }

  /** One run profile per environment (named after it), the active one's the default; made again when they change. */
  private createProfiles(): void {
    const active = this.services.auth.activeEnvironment()?.name;
    const names = this.services.auth.environments().map((e) => e.name);
    const key = JSON.stringify([active, names]);
    if (this.profiles.length > 0 && this.profilesKey === key) {
      return;
    }
    this.profiles.forEach((p) => p.dispose());
    const byName = (name: string) => () => this.services.auth.environments().find((e) => e.name === name);
    this.profiles = names.map((name) => {
      const environment = byName(name);
      const profile = this.controller.createRunProfile(
        vscode.l10n.t('Run on {0}', name),
        vscode.TestRunProfileKind.Run,
        (request, token) => this.handle(request, environment, token),
        name === active,
        undefined,
        true,
      );
      return profile;
    });
    if (names.length === 0) {
      this.profiles = [
        this.controller.createRunProfile(
          vscode.l10n.t('Run'),
          vscode.TestRunProfileKind.Run,
          (request, token) => this.handle(request, () => this.services.auth.activeEnvironment(), token),
          true,
        ),
      ];
    }
    this.profilesKey = key;
  }

  private async handle(request: vscode.TestRunRequest, environment: () => Environment | undefined, token: vscode.CancellationToken): Promise<void> {
    if (request.continuous) {
      const entry = { request, environment, token };
      this.continuous.add(entry);
      token.onCancellationRequested(() => this.continuous.delete(entry));
      return;
    }
    await runTests(this.controller, this.tree, this.runServices, request, environment(), token);
  }

  /** Continuous run: a saved test file, document or variables file runs again the cases of its file that the request covers. */
  private onSave(uri: vscode.Uri): void {
    const file = testFileOf(uri);
    if (!file || this.continuous.size === 0) {
      return;
    }
    void (async () => {
      const fileItem = (await this.tree.refresh(file)) ?? this.controller.items.get(file.toString());
      if (!fileItem) {
        return;
      }
      for (const { request, environment, token } of this.continuous) {
        const include = request.include ? request.include.filter((i) => i.id === fileItem.id || i.id.startsWith(`${fileItem.id}#`)) : [fileItem];
        if (include.length > 0 && !token.isCancellationRequested) {
          await runTests(this.controller, this.tree, this.runServices, new vscode.TestRunRequest(include, request.exclude, request.profile, false), environment(), token);
        }
      }
    })().catch((err: unknown) => this.services.logger.error(`[tests] continuous run failed: ${errorMessage(err)}`));
  }

  /** Runs the item's cases on the active environment and saves their answers into the snapshot assertions. */
  private async updateSnapshot(item: vscode.TestItem | undefined): Promise<void> {
    if (!item) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Choose "Update Snapshot" on a test file, operation or case in the Testing view.'));
      return;
    }
    const source = new vscode.CancellationTokenSource();
    try {
      await runTests(this.controller, this.tree, this.runServices, new vscode.TestRunRequest([item]), this.services.auth.activeEnvironment(), source.token, true);
    } finally {
      source.dispose();
    }
  }

  dispose(): void {
    this.profiles.forEach((p) => p.dispose());
    for (const d of this.disposables) {
      d.dispose();
    }
  }
}
