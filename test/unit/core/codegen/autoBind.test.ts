/**
 * The types worker's auto-bind (autoBind.ts, in place of the package in the worker's bundle) binds
 * what the package binds: the same own properties, in the same order, each a function bound to the
 * object, on GraphQL Code Generator's visitor classes and on classes made to reach the corners
 * (overrides, getters, symbols, a method shadowed by an instance field); it refuses options; and its
 * remembered keys serve the second object of a class as the first.
 */
import * as assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { TypeScriptDocumentsVisitor } from '@graphql-codegen/typescript-operations';
import { BaseDocumentsVisitor, BaseVisitor, ClientSideBaseVisitor, SelectionSetToObject } from '@graphql-codegen/visitor-plugin-common';
import autoBind from '../../../../src/core/codegen/autoBind';
import { OperationsVisitor } from '../../../../src/core/codegen/usedSchemaTypes';

// Not among the package's exports: required by its file.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { TypeScriptDocumentNodesVisitor } = require(path.join(path.dirname(require.resolve('@graphql-codegen/typed-document-node')), 'visitor.js')) as {
  TypeScriptDocumentNodesVisitor: new (...args: never[]) => object;
};

// The package as codegen's visitors load it (a dependency of theirs, not of ours).
const packageAutoBind = (createRequire(require.resolve('@graphql-codegen/visitor-plugin-common'))('auto-bind') as { default: (self: object) => object }).default;

const marker = Symbol('marker');

class Base {
  value = 1;
  read(): unknown {
    return this;
  }
  over(): string {
    return 'base';
  }
  get computed(): number {
    return this.value;
  }
  [marker](): unknown {
    return this;
  }
}
class Derived extends Base {
  shadowed = function (this: unknown) {
    return this;
  };
  override over(): string {
    return 'derived';
  }
  shadowed2(): string {
    return 'method';
  }
}
Object.defineProperty(Derived.prototype, 'shadowed', { value: () => 'prototype', writable: true, configurable: true });

/** An object's own properties after binding: key, kind, and what `this` its functions see. */
function bound(make: () => object, bind: (self: object) => unknown): unknown[] {
  const self = make();
  bind(self);
  return Reflect.ownKeys(self).map((key) => {
    const value = (self as Record<string | symbol, unknown>)[key];
    if (typeof value !== 'function') {
      return [key, typeof value];
    }
    let seen: unknown;
    try {
      seen = Reflect.apply(value as () => unknown, undefined, []) === self ? 'self' : 'other';
    } catch {
      seen = 'threw';
    }
    return [key, 'function', value.name, key === 'read' || key === 'shadowed' || key === marker ? seen : ''];
  });
}

const classes: [string, new (...args: never[]) => object][] = [
  ['Base', Base],
  ['Derived', Derived],
  ['BaseVisitor', BaseVisitor],
  ['BaseDocumentsVisitor', BaseDocumentsVisitor],
  ['ClientSideBaseVisitor', ClientSideBaseVisitor],
  ['SelectionSetToObject', SelectionSetToObject],
  ['TypeScriptDocumentsVisitor', TypeScriptDocumentsVisitor],
  ['TypeScriptDocumentNodesVisitor', TypeScriptDocumentNodesVisitor],
  ['OperationsVisitor (ours)', OperationsVisitor],
];

describe('auto-bind of the types worker (keys found once per class)', () => {
  for (const [name, type] of classes) {
    it(`binds what the package binds: ${name}`, () => {
      const make = () => (type === Base || type === Derived ? new (type as new () => object)() : Object.create(type.prototype as object));
      const expected = bound(make, (self) => packageAutoBind(self));
      assert.ok(expected.length > 3, `${name} has methods`);
      assert.deepEqual(
        bound(make, (self) => autoBind(self)),
        expected,
      );
      assert.deepEqual(
        bound(make, (self) => autoBind(self)),
        expected,
        'again, from the remembered keys',
      );
    });
  }

  it('refuses options (codegen passes none) rather than ignoring them', () => {
    assert.throws(() => autoBind(new Derived(), { include: ['read'] }), /not supported/);
  });
});
