/**
 * Describe type for language-model tools: a type's SDL as printed (fields with their arguments,
 * descriptions and deprecations), or one member of it, with the types that implement an interface;
 * an unknown name answers with the names it may have meant. Pure.
 */
import { isInterfaceType, type GraphQLSchema } from 'graphql';
import { similarNames } from '../text/similarNames';
import type { SchemaSdlView } from '../schema/sdlView';
import { membersExcerpt, sdlLines, typeExcerpt } from './sdlExcerpts';

/** The SDL of a type or member, or a sentence saying that it is not there (and what may be meant). */
export type Described = { readonly found: true; readonly sdl: string } | { readonly found: false; readonly message: string };

/** `name` is `Type` or `Type.member`; a leading `type `/`input `/… keyword and spaces are ignored. */
export function describeType(schema: GraphQLSchema, view: SchemaSdlView, name: string, environment: string): Described {
  const cleaned = name
    .trim()
    .replace(/^(type|input|enum|interface|union|scalar)\s+/, '')
    .replace(/[![\]\s]/g, '');
  const [typeName, member] = cleaned.split('.', 2);
  const type = typeName ? schema.getType(typeName) : undefined;
  if (!type || type.name.startsWith('__')) {
    const names = Object.keys(schema.getTypeMap()).filter((n) => !n.startsWith('__'));
    const close = similarNames(typeName ?? '', names).slice(0, 5);
    return {
      found: false,
      message: `The schema of ${environment} has no type named "${typeName ?? ''}".${close.length > 0 ? ` Did you mean ${close.map((n) => `"${n}"`).join(', ')}?` : ''} Search the schema with words to find a type.`,
    };
  }
  const sdl = sdlLines(view);
  if (member) {
    const key = `${type.name}.${member}`;
    if (!view.lines.has(key)) {
      const members = (sdl.members.get(type.name) ?? []).map((k) => k.slice(type.name.length + 1));
      const close = similarNames(member, members).slice(0, 5);
      return {
        found: false,
        message: `The type ${type.name} of ${environment} has no member "${member}".${close.length > 0 ? ` Did you mean ${close.map((n) => `"${n}"`).join(', ')}?` : ''}`,
      };
    }
    return { found: true, sdl: membersExcerpt(sdl, type.name, [key])! };
  }
  const parts = [typeExcerpt(sdl, type.name)!];
  if (isInterfaceType(type)) {
    const implementations = schema.getImplementations(type);
    const names = [...implementations.objects, ...implementations.interfaces].map((t) => t.name);
    if (names.length > 0) {
      parts.push(`# implemented by: ${names.join(', ')}`);
    }
  }
  return { found: true, sdl: parts.join('\n') };
}
