/**
 * The workspace's fragments and operations, per file, so that completion, validation and
 * go-to-definition know fragments from other files, and workspace symbols can list them.
 * Updating one file re-parses only that file (and, inside it, only definitions whose text changed
 * since its last update).
 */
import { Kind, visit, type FragmentDefinitionNode, type OperationTypeNode } from 'graphql';
import type { DocumentModel } from './documentModel';
import { DocumentStore } from './documentStore';
import type { Range } from './types';

/** A fragment definition somewhere in the workspace. */
export interface FragmentEntry {
  readonly name: string;
  readonly typeCondition: string;
  readonly uri: string;
  /** The whole definition. */
  readonly range: Range;
  /** Its name. */
  readonly nameRange: Range;
  readonly node: FragmentDefinitionNode;
  /** Names of the fragments it spreads. */
  readonly spreads: readonly string[];
}

/** A named or anonymous operation somewhere in the workspace. */
export interface OperationEntry {
  /** Empty for anonymous operations. */
  readonly name: string;
  readonly operation: OperationTypeNode;
  readonly uri: string;
  readonly range: Range;
  readonly nameRange: Range;
}

interface FileEntry {
  readonly text: string;
  readonly fragments: readonly FragmentEntry[];
  readonly operations: readonly OperationEntry[];
  readonly spreads: ReadonlySet<string>;
  /** The parsed file (workspace validation reuses it instead of parsing the file again). */
  readonly model: DocumentModel;
}

/** Fragments and operations of the workspace's GraphQL files, updated file by file. */
export class FragmentIndex {
  private readonly files = new Map<string, FileEntry>();
  private readonly store = new DocumentStore();
  private byName: Map<string, FragmentEntry[]> | undefined;
  private allMemo: FragmentEntry[] | undefined;
  private versionCounter = 0;
  private generationValue = 0;

  /** Changes whenever the index changes; lets callers cache what they derive from it. */
  get generation(): number {
    return this.generationValue;
  }

  /**
   * Records the current text of a file. Definitions that do not parse are left out until they
   * do. Returns false when the text is unchanged.
   */
  update(uri: string, text: string): boolean {
    if (this.files.get(uri)?.text === text) {
      return false;
    }
    const model = this.store.get({ uri, version: ++this.versionCounter, text });
    this.files.set(uri, extract(model));
    this.changed();
    return true;
  }

  /** Forgets a file (deleted, or no longer part of the workspace). */
  remove(uri: string): boolean {
    this.store.delete(uri);
    if (!this.files.delete(uri)) {
      return false;
    }
    this.changed();
    return true;
  }

  /** The first definition of a fragment (files in the order they were first indexed). */
  get(name: string): FragmentEntry | undefined {
    return this.named().get(name)?.[0];
  }

  /** Every definition of a fragment with this name (more than one is a user error). */
  getAll(name: string): readonly FragmentEntry[] {
    return this.named().get(name) ?? [];
  }

  /** Every fragment definition in the workspace. */
  all(): readonly FragmentEntry[] {
    this.allMemo ??= [...this.files.values()].flatMap((f) => f.fragments);
    return this.allMemo;
  }

  /** Every operation in the workspace. */
  operations(): readonly OperationEntry[] {
    return [...this.files.values()].flatMap((f) => f.operations);
  }

  /** Whether a file other than `exceptUri` spreads the fragment `name`. */
  isSpreadOutside(name: string, exceptUri: string): boolean {
    for (const [uri, file] of this.files) {
      if (uri !== exceptUri && file.spreads.has(name)) {
        return true;
      }
    }
    return false;
  }

  /** The parsed model of an indexed file, when the index holds exactly this text of it. */
  modelOf(uri: string, text: string): DocumentModel | undefined {
    const file = this.files.get(uri);
    return file?.text === text ? file.model : undefined;
  }

  /** Indexed file URIs. */
  uris(): string[] {
    return [...this.files.keys()];
  }

  /** Each indexed file's text (feeds the reference index from the same files). */
  texts(): { uri: string; text: string }[] {
    return [...this.files].map(([uri, file]) => ({ uri, text: file.text }));
  }

  private named(): Map<string, FragmentEntry[]> {
    if (!this.byName) {
      const map = new Map<string, FragmentEntry[]>();
      for (const entry of this.all()) {
        const list = map.get(entry.name);
        if (list) {
          list.push(entry);
        } else {
          map.set(entry.name, [entry]);
        }
      }
      this.byName = map;
    }
    return this.byName;
  }

  private changed(): void {
    this.generationValue++;
    this.byName = undefined;
    this.allMemo = undefined;
  }
}

function extract(model: DocumentModel): FileEntry {
  const fragments: FragmentEntry[] = [];
  const operations: OperationEntry[] = [];
  const spreads = new Set<string>();
  for (const chunk of model.chunks) {
    const ast = chunk.info.ast;
    if (!ast) {
      continue;
    }
    for (const def of ast.definitions) {
      if (def.kind === Kind.FRAGMENT_DEFINITION) {
        const own: string[] = [];
        visit(def, {
          FragmentSpread(node) {
            own.push(node.name.value);
            spreads.add(node.name.value);
          },
        });
        const range = model.rangeOf(def);
        const nameRange = model.rangeOf(def.name);
        if (range && nameRange) {
          fragments.push({
            name: def.name.value,
            typeCondition: def.typeCondition.name.value,
            uri: model.uri,
            range,
            nameRange,
            node: def,
            spreads: own,
          });
        }
      } else if (def.kind === Kind.OPERATION_DEFINITION) {
        visit(def, {
          FragmentSpread(node) {
            spreads.add(node.name.value);
          },
        });
        const range = model.rangeOf(def);
        const nameRange = def.name ? model.rangeOf(def.name) : range && { start: range.start, end: range.start };
        if (range && nameRange) {
          operations.push({ name: def.name?.value ?? '', operation: def.operation, uri: model.uri, range, nameRange });
        }
      }
    }
  }
  return { text: model.text, fragments, operations, spreads, model };
}
