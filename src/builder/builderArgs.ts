import type { BuilderPath, BuilderStep } from '../core/builder/builderPath';

const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

function asStep(value: unknown): BuilderStep | undefined {
  if (typeof value !== 'object' || value === null) {
    return undefined;
  }
  const v = value as Record<string, unknown>;
  const name = (k: string) => (typeof v[k] === 'string' && NAME.test(v[k]) ? v[k] : undefined);
  const n = name(v.kind === 'fragment' ? 'typeName' : v.kind === 'enumValue' ? 'value' : 'name');
  if (n === undefined) {
    return undefined;
  }
  switch (v.kind) {
    case 'field':
      return { kind: 'field', name: n };
    case 'fragment':
      return { kind: 'fragment', typeName: n };
    case 'argument':
      return { kind: 'argument', name: n };
    case 'inputField':
      return { kind: 'inputField', name: n };
    case 'enumValue':
      return { kind: 'enumValue', value: n };
    default:
      return undefined;
  }
}

/** Reads a builder path from an untrusted command argument (`{ root, steps }`, names as GraphQL spells them). */
export function asBuilderPath(value: unknown): BuilderPath | undefined {
  if (typeof value !== 'object' || value === null) {
    return undefined;
  }
  const v = value as Record<string, unknown>;
  if ((v.root !== 'query' && v.root !== 'mutation' && v.root !== 'subscription') || !Array.isArray(v.steps)) {
    return undefined;
  }
  const steps = v.steps.map(asStep);
  return steps.every((s) => s !== undefined) ? { root: v.root, steps: steps as BuilderStep[] } : undefined;
}
