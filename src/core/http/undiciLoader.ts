import { lazy } from '../lazy';

/** Set by the extension's build: undici's own bundle beside dist/extension.js (scripts/build.mjs). */
declare const __UNDICI_MODULE__: string | undefined;

/**
 * undici, loaded on the first request rather than when the extension activates: it would be about
 * half of the extension's bundle, and activation sends nothing (less to require at activation). In the
 * built extension it is a bundle of its own (dist/undici.js); run from source, the package.
 */
export const loadUndici = lazy(
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  () => (typeof __UNDICI_MODULE__ === 'string' ? require(__UNDICI_MODULE__) : require('undici')) as typeof import('undici'),
);
