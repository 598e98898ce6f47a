/**
 * `npm run l10n`: externalises every user-visible string of package.json into package.nls.json
 * (package.json keeps `%key%`), regenerates l10n/bundle.l10n.json from the `vscode.l10n.t` calls in
 * src with @vscode/l10n-dev, and drops from the translations (package.nls.<locale>.json,
 * l10n/bundle.l10n.<locale>.json) the keys that no longer exist. Safe to re-run at any time (after a
 * merge, after a command is added): a literal in package.json becomes `%key%` again, an existing
 * `%key%` keeps its English text, a literal put where a `%key%` was replaces that key's English text.
 *
 * The tests test/unit/l10n/l10n.test.ts and test/contract/l10n/l10nBundle.test.ts (the extractor) run the same functions in check mode.
 */
import { getL10nJson } from '@vscode/l10n-dev';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The repository's root (this file lives in scripts/). */
export const ROOT = resolve(__dirname, '..');
const PREFIX = 'tenantGraphql.';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
export type Nls = Record<string, string>;

/** A string of the manifest that VS Code shows to a person, with the key it is stored under. */
interface Slot {
  readonly key: string;
  get(): Json | undefined;
  set(value: string): void;
}

const NLS_REF = /^%([\w.-]+)%$/;

function isObject(v: Json | undefined): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function short(id: string): string {
  return id.startsWith(PREFIX) ? id.slice(PREFIX.length) : id;
}

function slot(obj: JsonObject, field: string, key: string): Slot {
  return {
    key,
    get: () => obj[field],
    set: (value) => {
      obj[field] = value;
    },
  };
}

function arraySlots(obj: JsonObject, field: string, key: string): Slot[] {
  const list = obj[field];
  if (!Array.isArray(list)) {
    return [];
  }
  return list.map((_, i) => ({
    key: `${key}.${i}`,
    get: () => list[i],
    set: (value: string) => {
      list[i] = value;
    },
  }));
}

/** The text fields of a JSON schema node (a setting, or a field inside an object setting). */
const SCHEMA_TEXT = ['title', 'description', 'markdownDescription', 'deprecationMessage', 'markdownDeprecationMessage', 'errorMessage', 'patternErrorMessage'];

function schemaSlots(node: Json | undefined, key: string, out: Slot[]): void {
  if (!isObject(node)) {
    return;
  }
  for (const field of SCHEMA_TEXT) {
    if (typeof node[field] === 'string') {
      out.push(slot(node, field, `${key}.${field}`));
    }
  }
  out.push(...arraySlots(node, 'enumDescriptions', `${key}.enumDescriptions`), ...arraySlots(node, 'markdownEnumDescriptions', `${key}.markdownEnumDescriptions`));
  if (isObject(node.properties)) {
    for (const [name, child] of Object.entries(node.properties)) {
      schemaSlots(child, `${key}.${name}`, out);
    }
  }
  if (Array.isArray(node.items)) {
    node.items.forEach((item, i) => schemaSlots(item, `${key}.items${i}`, out));
  } else {
    schemaSlots(node.items, `${key}.item`, out);
  }
  schemaSlots(node.additionalProperties, `${key}.value`, out);
  for (const combinator of ['anyOf', 'oneOf', 'allOf']) {
    const list = node[combinator];
    if (Array.isArray(list)) {
      list.forEach((item, i) => schemaSlots(item, `${key}.${combinator}${i}`, out));
    }
  }
}

/** Every string of the manifest a person reads, in the order of the manifest. */
export function manifestSlots(manifest: JsonObject): Slot[] {
  const out: Slot[] = [];
  for (const field of ['displayName', 'description']) {
    if (typeof manifest[field] === 'string') {
      out.push(slot(manifest, field, field));
    }
  }
  const capabilities = manifest.capabilities;
  if (isObject(capabilities)) {
    for (const [name, value] of Object.entries(capabilities)) {
      if (isObject(value) && typeof value.description === 'string') {
        out.push(slot(value, 'description', `capabilities.${name}.description`));
      }
    }
  }
  const c = manifest.contributes;
  if (!isObject(c)) {
    return out;
  }
  for (const cmd of Array.isArray(c.commands) ? c.commands : []) {
    if (isObject(cmd) && typeof cmd.command === 'string') {
      const key = `command.${short(cmd.command)}`;
      for (const field of ['title', 'shortTitle']) {
        if (cmd[field] !== undefined) {
          out.push(slot(cmd, field, `${key}.${field}`));
        }
      }
      if (typeof cmd.category === 'string') {
        // One key per category text, shared by every command in it.
        const text = NLS_REF.test(cmd.category) ? undefined : cmd.category;
        out.push(slot(cmd, 'category', text === undefined ? cmd.category.slice(1, -1) : `category.${slug(text)}`));
      }
    }
  }
  // A tool's displayName and userDescription are the person's (the chat's tool picker); its modelDescription is the model's, in English.
  for (const tool of Array.isArray(c.languageModelTools) ? c.languageModelTools : []) {
    if (isObject(tool) && typeof tool.name === 'string') {
      for (const field of ['displayName', 'userDescription']) {
        if (typeof tool[field] === 'string') {
          out.push(slot(tool, field, `languageModelTool.${tool.name.replace(/^tenantGraphql_/, '')}.${field}`));
        }
      }
    }
  }
  for (const auth of Array.isArray(c.authentication) ? c.authentication : []) {
    if (isObject(auth) && typeof auth.id === 'string' && typeof auth.label === 'string') {
      out.push(slot(auth, 'label', `authentication.${short(auth.id)}.label`));
    }
  }
  const configurations = Array.isArray(c.configuration) ? c.configuration : [c.configuration];
  configurations.forEach((conf, i) => {
    if (!isObject(conf)) {
      return;
    }
    const key = configurations.length > 1 ? `config${i}` : 'config';
    if (typeof conf.title === 'string') {
      out.push(slot(conf, 'title', `${key}.title`));
    }
    if (isObject(conf.properties)) {
      for (const [name, schema] of Object.entries(conf.properties)) {
        schemaSlots(schema, `config.${short(name)}`, out);
      }
    }
  });
  for (const sub of Array.isArray(c.submenus) ? c.submenus : []) {
    if (isObject(sub) && typeof sub.id === 'string' && typeof sub.label === 'string') {
      out.push(slot(sub, 'label', `submenu.${short(sub.id)}.label`));
    }
  }
  if (isObject(c.viewsContainers)) {
    for (const list of Object.values(c.viewsContainers)) {
      for (const container of Array.isArray(list) ? list : []) {
        if (isObject(container) && typeof container.id === 'string' && typeof container.title === 'string') {
          out.push(slot(container, 'title', `viewContainer.${short(container.id)}.title`));
        }
      }
    }
  }
  if (isObject(c.views)) {
    for (const list of Object.values(c.views)) {
      for (const view of Array.isArray(list) ? list : []) {
        if (isObject(view) && typeof view.id === 'string') {
          for (const field of ['name', 'contextualTitle']) {
            if (typeof view[field] === 'string') {
              out.push(slot(view, field, `view.${short(view.id)}.${field}`));
            }
          }
        }
      }
    }
  }
  const welcomeCount = new Map<string, number>();
  for (const welcome of Array.isArray(c.viewsWelcome) ? c.viewsWelcome : []) {
    if (isObject(welcome) && typeof welcome.view === 'string' && typeof welcome.contents === 'string') {
      const n = welcomeCount.get(welcome.view) ?? 0;
      welcomeCount.set(welcome.view, n + 1);
      out.push(slot(welcome, 'contents', `viewsWelcome.${short(welcome.view)}.${n}`));
    }
  }
  for (const walkthrough of Array.isArray(c.walkthroughs) ? c.walkthroughs : []) {
    if (!isObject(walkthrough) || typeof walkthrough.id !== 'string') {
      continue;
    }
    const key = `walkthrough.${walkthrough.id}`;
    for (const field of ['title', 'description']) {
      if (typeof walkthrough[field] === 'string') {
        out.push(slot(walkthrough, field, `${key}.${field}`));
      }
    }
    for (const step of Array.isArray(walkthrough.steps) ? walkthrough.steps : []) {
      if (!isObject(step) || typeof step.id !== 'string') {
        continue;
      }
      for (const field of ['title', 'description']) {
        if (typeof step[field] === 'string') {
          out.push(slot(step, field, `${key}.step.${step.id}.${field}`));
        }
      }
      if (isObject(step.media) && typeof step.media.altText === 'string') {
        out.push(slot(step.media, 'altText', `${key}.step.${step.id}.altText`));
      }
    }
  }
  return out;
}

function slug(text: string): string {
  const words = text.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words.map((w, i) => (i === 0 ? w.toLowerCase() : w[0].toUpperCase() + w.slice(1))).join('') || 'text';
}

export interface Externalised {
  /** The manifest with `%key%` in every slot. */
  readonly manifest: JsonObject;
  /** English texts in manifest order. */
  readonly nls: Nls;
  /** Keys whose slot held a literal (what the check mode reports). */
  readonly literals: string[];
  /** `%key%` references with no text in the given package.nls.json. */
  readonly unknownKeys: string[];
}

/** Puts `%key%` into every text slot of `manifest` and collects the English texts (pure: copies its input). */
export function externalise(manifestIn: JsonObject, nlsIn: Nls): Externalised {
  const manifest = structuredClone(manifestIn);
  const nls: Nls = {};
  const literals: string[] = [];
  const unknownKeys: string[] = [];
  for (const s of manifestSlots(manifest)) {
    const value = s.get();
    if (typeof value !== 'string') {
      continue;
    }
    const ref = NLS_REF.exec(value);
    if (ref) {
      const text = nlsIn[ref[1]];
      if (text === undefined) {
        unknownKeys.push(ref[1]);
      } else {
        nls[ref[1]] = text;
      }
      continue;
    }
    if (nls[s.key] !== undefined && nls[s.key] !== value) {
      throw new Error(`two different manifest texts would share the key ${s.key}`);
    }
    literals.push(s.key);
    nls[s.key] = value;
    s.set(`%${s.key}%`);
  }
  return { manifest, nls, literals, unknownKeys };
}

function listTs(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      listTs(p, out);
    } else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) {
      out.push(p);
    }
  }
  return out;
}

/** The `vscode.l10n.t` messages of src, as @vscode/l10n-dev extracts them (key → English text). */
export async function extractBundle(root = ROOT): Promise<Record<string, string>> {
  const files = listTs(join(root, 'src')).map((p) => ({ extension: p.endsWith('.tsx') ? '.tsx' : '.ts', contents: readFileSync(p, 'utf8') }));
  const json = await getL10nJson(files);
  const out: Record<string, string> = {};
  for (const key of Object.keys(json).sort()) {
    const value = json[key];
    out[key] = typeof value === 'string' ? value : value.message;
  }
  return out;
}

/** The locales of the translations present (`de` for package.nls.de.json). */
export function translationLocales(root = ROOT): string[] {
  return readdirSync(root)
    .map((name) => /^package\.nls\.([\w-]+)\.json$/.exec(name)?.[1])
    .filter((l): l is string => l !== undefined);
}

export function readJson<T>(path: string, fallback: T): T {
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as T) : fallback;
}

function writeJson(path: string, value: unknown): void {
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
}

/**
 * Keeps the translations' keys that still exist, in the order of `english`, without those whose
 * English text changed (`changed`: translated again); reports the missing ones.
 */
function prune(english: Record<string, string>, path: string, changed: ReadonlySet<string> = new Set()): string[] {
  const translated = readJson<Record<string, string>>(path, {});
  for (const key of changed) {
    delete translated[key];
  }
  const kept: Record<string, string> = {};
  const missing: string[] = [];
  for (const key of Object.keys(english)) {
    if (translated[key] !== undefined) {
      kept[key] = translated[key];
    } else {
      missing.push(key);
    }
  }
  writeJson(path, kept);
  return missing;
}

/** The manifest with `"l10n": "./l10n"` (after `main`, where VS Code's own extensions put it). */
function withL10nField(manifest: JsonObject): JsonObject {
  if (manifest.l10n === './l10n') {
    return manifest;
  }
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(manifest)) {
    if (key !== 'l10n') {
      out[key] = value;
    }
    if (key === 'main') {
      out.l10n = './l10n';
    }
  }
  out.l10n ??= './l10n';
  return out;
}

async function main(): Promise<void> {
  const manifestPath = join(ROOT, 'package.json');
  const nlsPath = join(ROOT, 'package.nls.json');
  const before = readJson<Nls>(nlsPath, {});
  const result = externalise(readJson<JsonObject>(manifestPath, {}), before);
  if (result.unknownKeys.length > 0) {
    throw new Error(`package.json refers to keys package.nls.json does not have: ${result.unknownKeys.join(', ')}`);
  }
  writeJson(manifestPath, withL10nField(result.manifest));
  writeJson(nlsPath, result.nls);
  const bundle = await extractBundle();
  writeJson(join(ROOT, 'l10n', 'bundle.l10n.json'), bundle);
  console.log(
    `[l10n] ${result.literals.length} manifest strings externalised, ${Object.keys(result.nls).length} in package.nls.json, ${Object.keys(bundle).length} in l10n/bundle.l10n.json`,
  );
  for (const locale of translationLocales()) {
    const changed = new Set(Object.keys(result.nls).filter((key) => before[key] !== undefined && before[key] !== result.nls[key]));
    const missing = [...prune(result.nls, join(ROOT, `package.nls.${locale}.json`), changed), ...prune(bundle, join(ROOT, 'l10n', `bundle.l10n.${locale}.json`))];
    if (missing.length > 0) {
      console.log(`[l10n] ${locale}: ${missing.length} strings to translate:\n  ${missing.join('\n  ')}`);
    }
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
