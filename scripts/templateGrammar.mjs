#!/usr/bin/env node
/**
 * Writes syntaxes/graphql.template.tmLanguage.json: the GraphQL grammar as the injection grammar
 * uses it inside a template literal of TypeScript/JavaScript. It is source.graphql with the rules
 * that could run past the template's closing backtick made to stop before it: a `#` comment, a
 * "string" or description line, a """block string""" or description. (In a .graphql file a
 * backtick is an ordinary character, so source.graphql itself keeps them.) Inside strings, `\``
 * and `\$` are the template's escapes. Run it after changing graphql.tmLanguage.json; a unit
 * test fails while the file is out of date.
 *
 *   node scripts/templateGrammar.mjs          # write
 *   node scripts/templateGrammar.mjs --check  # exit 1 when the file is out of date
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sourcePath = path.join(root, 'syntaxes', 'graphql.tmLanguage.json');
export const templateGrammarPath = path.join(root, 'syntaxes', 'graphql.template.tmLanguage.json');

/** The template grammar's JSON text for the given source.graphql JSON text. */
export function templateGrammar(sourceText) {
  const grammar = JSON.parse(sourceText);
  const repo = grammar.repository;
  const need = (name) => {
    if (!repo[name]) {
      throw new Error(`source.graphql has no rule "${name}"`);
    }
    return repo[name];
  };
  need('comment').match = '(#)(?:[^`\\\\]|\\\\.)*';
  for (const name of ['string', 'description-line']) {
    need(name).end = '(")|$|(?=`)';
  }
  for (const name of ['block-string', 'description-block']) {
    need(name).end = '"""|(?=`)';
  }
  need('string-escape').patterns.unshift({ name: 'constant.character.escape.js', match: '\\\\[`$]' });
  need('block-string-escape');
  repo['block-string'].patterns.unshift({ name: 'constant.character.escape.js', match: '\\\\[`$]' });
  repo['description-block'].patterns.unshift({ name: 'constant.character.escape.js', match: '\\\\[`$]' });
  const out = {
    $schema: grammar.$schema,
    name: 'GraphQL inside a template literal',
    comment: 'Generated from graphql.tmLanguage.json by scripts/templateGrammar.mjs: do not edit. Comments, strings and descriptions stop before the closing backtick.',
    scopeName: 'source.graphql.template',
    patterns: grammar.patterns,
    repository: repo,
  };
  return `${JSON.stringify(out, null, 2)}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = templateGrammar(readFileSync(sourcePath, 'utf8'));
  if (process.argv.includes('--check')) {
    const current = readFileSync(templateGrammarPath, 'utf8');
    if (current !== text) {
      console.error('syntaxes/graphql.template.tmLanguage.json is out of date: run node scripts/templateGrammar.mjs');
      process.exit(1);
    }
  } else {
    writeFileSync(templateGrammarPath, text);
    console.log(`wrote ${path.relative(root, templateGrammarPath)}`);
  }
}
