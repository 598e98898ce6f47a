/**
 * Schema search for language-model tools: words in, the schema's types, fields, arguments, input
 * fields and enum values that match them, ranked (a name equal to the words first, then names
 * made of them, then names holding them, then descriptions), shown as SDL excerpts. Pure.
 */
import { isEnumType, isInputObjectType, isInterfaceType, isObjectType, type GraphQLSchema } from 'graphql';
import type { SchemaSdlView } from '../schema/sdlView';
import { membersExcerpt, sdlLines, typeExcerpt, typeRange } from './sdlExcerpts';

/** What a match is. */
export type MatchKind = 'type' | 'field' | 'argument' | 'inputField' | 'enumValue';

/** One match: `Type`, `Type.member` or `Type.field(argument)`, with its score. */
export interface SchemaMatch {
  readonly kind: MatchKind;
  readonly type: string;
  /** The field, input field or enum value (for an argument: its field). */
  readonly member?: string;
  readonly argument?: string;
  readonly score: number;
  /** How many of the query's words it matched (name, its type's name or description). */
  readonly words: number;
  /** Whether its own name matched a word (not only its description or its type's name). */
  readonly named: boolean;
}

/** The words of a query: split at anything but letters and digits, and at camelCase humps; lower case, unique. */
export function queryWords(query: string): string[] {
  const words = query
    .split(/[^A-Za-z0-9_]+/)
    .flatMap((w) => [w, ...splitName(w)])
    .map((w) => w.toLowerCase())
    .filter((w) => w.length > 0);
  return [...new Set(words)];
}

/** A name's parts: `TaskPriority` -> task, priority; `created_at` -> created, at; `URLs` -> urls. */
function splitName(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_]+/)
    .filter((p) => p.length > 0);
}

/** How well one name matches one word (0: not at all). */
function nameScore(name: string, parts: readonly string[], word: string): number {
  if (name === word) {
    return 30;
  }
  if (parts.includes(word)) {
    return 15;
  }
  if (name.startsWith(word)) {
    return 10;
  }
  return word.length >= 3 && name.includes(word) ? 6 : 0;
}

interface Candidate {
  readonly kind: MatchKind;
  readonly type: string;
  readonly member?: string;
  readonly argument?: string;
  readonly name: string;
  readonly description?: string | null;
}

/** Every named thing of the schema a search can find (introspection types left out). */
function* candidates(schema: GraphQLSchema): Generator<Candidate> {
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) {
      continue;
    }
    yield { kind: 'type', type: type.name, name: type.name, description: type.description };
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        yield { kind: 'field', type: type.name, member: field.name, name: field.name, description: field.description };
        for (const arg of field.args) {
          yield { kind: 'argument', type: type.name, member: field.name, argument: arg.name, name: arg.name, description: arg.description };
        }
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        yield { kind: 'inputField', type: type.name, member: field.name, name: field.name, description: field.description };
      }
    } else if (isEnumType(type)) {
      for (const value of type.getValues()) {
        yield { kind: 'enumValue', type: type.name, member: value.name, name: value.name, description: value.description };
      }
    }
  }
}

const KIND_ORDER: Readonly<Record<MatchKind, number>> = { type: 0, field: 1, inputField: 2, enumValue: 3, argument: 4 };

/**
 * The schema's things matching `query`, best first: those matching more of the words, then by
 * score (names over descriptions, an exact name over a part of one; a member whose type's name
 * matches a word gains), then types before members, shorter names first.
 */
export function searchSchema(schema: GraphQLSchema, query: string): SchemaMatch[] {
  const words = queryWords(query);
  if (words.length === 0) {
    return [];
  }
  const whole = query.replace(/[^A-Za-z0-9_]/g, '').toLowerCase();
  const matches: (SchemaMatch & { name: string })[] = [];
  for (const c of candidates(schema)) {
    const name = c.name.toLowerCase();
    const parts = splitName(c.name).map((p) => p.toLowerCase());
    const typeName = c.type.toLowerCase();
    const typeParts = splitName(c.type).map((p) => p.toLowerCase());
    const description = c.description?.toLowerCase() ?? '';
    let score = name === whole && words.length > 1 ? 40 : 0;
    let matched = 0;
    let named = false;
    for (const word of words) {
      const own = nameScore(name, parts, word);
      const parent = c.kind === 'type' ? 0 : Math.floor(nameScore(typeName, typeParts, word) / 3);
      const described = word.length >= 3 && description.includes(word) ? 2 : 0;
      named ||= own > 0;
      if (own + parent + described > 0) {
        matched++;
        score += own + parent + described;
      }
    }
    if (score > 0) {
      matches.push({ kind: c.kind, type: c.type, member: c.member, argument: c.argument, score, words: matched, named, name: c.name });
    }
  }
  matches.sort((a, b) => b.words - a.words || b.score - a.score || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.name.length - b.name.length || a.name.localeCompare(b.name));
  return matches.map(({ name: _name, ...m }) => m);
}

/** How a match is named: `TaskPriority`, `File.fields`, `Query.tasks(filter)`. */
export function matchLabel(m: SchemaMatch): string {
  return m.argument !== undefined ? `${m.type}.${m.member!}(${m.argument})` : m.member !== undefined ? `${m.type}.${m.member}` : m.type;
}

/** Lines of a whole type shown in a search result before the rest is left to describe type. */
const WHOLE_TYPE_LINES = 60;

/**
 * One SDL excerpt per type, in the order of each type's best match: a matched type whole (its
 * first {@link WHOLE_TYPE_LINES} lines), else its header with the matched members. Each excerpt
 * is preceded by a comment naming what matched there.
 */
export function searchExcerpts(view: SchemaSdlView, matches: readonly SchemaMatch[]): string[] {
  const sdl = sdlLines(view);
  const byType = new Map<string, SchemaMatch[]>();
  for (const m of matches) {
    const list = byType.get(m.type);
    if (list) {
      list.push(m);
    } else {
      byType.set(m.type, [m]);
    }
  }
  const out: string[] = [];
  for (const [type, found] of byType) {
    const header = `# matches: ${found.map(matchLabel).join(', ')}`;
    let excerpt: string | undefined;
    // A type whose name matched is shown whole; one found by its description only is a header.
    if (found.some((m) => m.kind === 'type' && m.named)) {
      const range = typeRange(sdl, type);
      const whole = typeExcerpt(sdl, type);
      if (range && whole && range.end - range.start > WHOLE_TYPE_LINES) {
        const left = range.end - range.start - WHOLE_TYPE_LINES;
        excerpt = `${sdl.lines.slice(range.start, range.start + WHOLE_TYPE_LINES).join('\n')}\n  # … ${left} more lines: describe the type ${type} for all of it\n}`;
      } else {
        excerpt = whole;
      }
    } else {
      excerpt = membersExcerpt(
        sdl,
        type,
        found.filter((m) => m.member !== undefined).map((m) => `${type}.${m.member!}`),
      );
    }
    if (excerpt) {
      out.push(`${header}\n${excerpt}`);
    }
  }
  return out;
}
