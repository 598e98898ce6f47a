/**
 * A value made on its first use and kept from then on: a library loaded when first needed rather
 * than at activation. Not state: every caller gets the same module, whoever asks first.
 */
export function lazy<T>(make: () => T): () => T {
  let made: { readonly value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
