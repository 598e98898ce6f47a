/**
 * `auto-bind` 5's function, written again for the types worker's bundle (scripts/build.mjs puts it in place of the
 * package there): binds every method up an object's prototype chain to the object, as the
 * package does, but finds which keys those are once per class instead of at every construction.
 * GraphQL Code Generator's visitors call it in their constructors, and its selection-set helper
 * for every selection set: the walk of the prototype chain (keys, a pair per key, a descriptor
 * per key) was about 5% of a first generation's CPU time on the types benchmark. It assumes what
 * holds for those classes: a prototype's methods are not changed after its first instance. The
 * package's options (`include`, `exclude`) are refused: codegen passes none.
 */
type Key = string | symbol;

/** Per prototype: the keys the package binds, in its order (a key on two prototypes twice, as it does). */
const methodKeys = new WeakMap<object, readonly Key[]>();

function keysToBind(prototype: object): readonly Key[] {
  let keys = methodKeys.get(prototype);
  if (!keys) {
    const found: Key[] = [];
    let object: object | null = prototype;
    do {
      for (const key of Reflect.ownKeys(object)) {
        const descriptor = key === 'constructor' ? undefined : Reflect.getOwnPropertyDescriptor(object, key);
        if (descriptor && typeof descriptor.value === 'function') {
          found.push(key);
        }
      }
    } while ((object = Reflect.getPrototypeOf(object)) && object !== Object.prototype);
    keys = found;
    methodKeys.set(prototype, keys);
  }
  return keys;
}

/** Binds the object's methods to it; returns the object. Codegen passes no options; none are taken. */
export default function autoBind<T extends object>(self: T, options?: unknown): T {
  if (options !== undefined) {
    throw new Error('auto-bind options are not supported in the types worker');
  }
  const target = self as Record<Key, unknown>;
  for (const key of keysToBind((self.constructor as { prototype: object }).prototype)) {
    target[key] = (target[key] as (...args: unknown[]) => unknown).bind(self);
  }
  return self;
}
