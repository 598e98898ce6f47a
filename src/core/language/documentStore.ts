/**
 * The store of open documents' models (DocumentModel, ./documentModel.ts): each document's current
 * version, and the parsed chunks of its recent versions by text.
 */
import { ChunkInfo } from './chunkInfo';
import { DocumentModel } from './documentModel';

/**
 * Keeps the current model of each open document and the parsed chunks of its recent versions by
 * text, so a new version re-splits only around the edit, keeps the chunks before and after it
 * as they are, and finds any other chunk whose text it parsed recently (an undo, a jump back to
 * where one typed before). Only the latest model of each document is kept.
 */
export class DocumentStore {
  private readonly entries = new Map<string, { model: DocumentModel; byText: Map<string, ChunkInfo[]> }>();

  /** The model of `doc` at its version, built (reusing unchanged chunks) when needed. */
  get(doc: { readonly uri: string; readonly version: number; readonly text: string }): DocumentModel {
    const entry = this.entries.get(doc.uri);
    // The same text is the same model whatever the version: a code file's edit changes the
    // version of every template in it, and the untouched ones keep their model (and its memos).
    if (entry && entry.model.text === doc.text) {
      return entry.model;
    }
    const byText = entry?.byText ?? new Map<string, ChunkInfo[]>();
    const model = new DocumentModel(
      doc.uri,
      doc.version,
      doc.text,
      (padded, taken) => {
        // The same text more than once in a document gets a ChunkInfo (and Source) per occurrence.
        let same = byText.get(padded);
        const found = same?.find((info) => !taken.has(info));
        if (found) {
          return found;
        }
        const info = new ChunkInfo(padded);
        if (same) {
          same.push(info);
        } else {
          same = [info];
          byText.set(padded, same);
        }
        return info;
      },
      entry?.model,
    );
    const live = new Set([...model.infos(), ...(entry ? entry.model.infos() : [])]);
    let count = 0;
    for (const list of byText.values()) {
      count += list.length;
    }
    if (count > 2 * live.size + 16) {
      // Keep the parses of this version and the previous one (amortised: only when the rest grew).
      for (const [text, list] of byText) {
        const kept = list.filter((info) => live.has(info));
        if (kept.length === 0) {
          byText.delete(text);
        } else if (kept.length !== list.length) {
          byText.set(text, kept);
        }
      }
    }
    this.entries.set(doc.uri, { model, byText });
    return model;
  }

  /** Forgets a document (closed). */
  delete(uri: string): void {
    this.entries.delete(uri);
  }
}
