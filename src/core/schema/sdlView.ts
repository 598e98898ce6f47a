/**
 * The read-only SDL view of the active schema, and where each type and field sits in it, so that
 * go-to-definition can open the view at the right line.
 */
import { printSchema, type GraphQLSchema } from 'graphql';

/** Printed SDL plus 0-based line numbers of its definitions. */
export interface SchemaSdlView {
  readonly sdl: string;
  /**
   * Keys: `TypeName`, `TypeName.fieldName` (also input fields and enum values), `@directiveName`
   * and `schema`; values: 0-based line of the definition in `sdl`.
   */
  readonly lines: ReadonlyMap<string, number>;
}

const TYPE_LINE = /^(?:type|interface|input|enum|union|scalar)\s+([_A-Za-z][_0-9A-Za-z]*)/;
const DIRECTIVE_LINE = /^directive\s+@([_A-Za-z][_0-9A-Za-z]*)/;
const MEMBER_LINE = /^ {2}([_A-Za-z][_0-9A-Za-z]*)/;

/** Prints `schema` as SDL (graphql's `printSchema`) and indexes the line of every definition. */
export function printSchemaWithLocations(schema: GraphQLSchema): SchemaSdlView {
  const sdl = printSchema(schema);
  const lines = new Map<string, number>();
  let currentType: string | undefined;
  let inBlockString = false;
  let lineNo = 0;
  let start = 0;
  while (start <= sdl.length) {
    let end = sdl.indexOf('\n', start);
    if (end < 0) {
      end = sdl.length;
    }
    const line = sdl.slice(start, end);
    const trimmed = line.trim();
    if (trimmed === '"""') {
      inBlockString = !inBlockString;
    } else if (!inBlockString && trimmed !== '' && !trimmed.startsWith('"')) {
      if (line.charCodeAt(0) !== 32) {
        const type = TYPE_LINE.exec(line);
        const directive = type ? null : DIRECTIVE_LINE.exec(line);
        currentType = undefined;
        if (type) {
          currentType = type[1];
          setOnce(lines, type[1], lineNo);
        } else if (directive) {
          setOnce(lines, `@${directive[1]}`, lineNo);
        } else if (line.startsWith('schema')) {
          setOnce(lines, 'schema', lineNo);
        }
      } else if (currentType) {
        const member = MEMBER_LINE.exec(line);
        if (member) {
          setOnce(lines, `${currentType}.${member[1]}`, lineNo);
        }
      }
    }
    lineNo++;
    start = end + 1;
  }
  return { sdl, lines };
}

function setOnce(map: Map<string, number>, key: string, value: number): void {
  if (!map.has(key)) {
    map.set(key, value);
  }
}
