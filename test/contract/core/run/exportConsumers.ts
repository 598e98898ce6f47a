/**
 * The consumers of the exported texts, as pure functions for the property tests: a POSIX shell's
 * word splitting (of the few forms a cURL export may use; anything else is an error, never a
 * guess), an ES parser reading the fetch call's literals (TypeScript's parser; nothing is
 * evaluated by the JS engine), and the HTTP-file request splitter of REST Client and JetBrains.
 */
import ts from 'typescript';

/**
 * The simple commands of a shell script, each as its words after quote removal, with `$NAME`
 * inside double quotes expanded from `env`. With `comments: false`, a `#` is a character as any
 * other, as zsh reads a pasted line by default (its INTERACTIVE_COMMENTS option is off): a comment
 * line is then a command `#` with words. Supports what an export may hold: comments, blanks,
 * backslash-newline, single quotes, double quotes with `$NAME`, and plain words of
 * `[A-Za-z0-9_./:=@%+,-]`. Everything else (an unquoted `$`, `;`, `|`, `&`, a redirection, a
 * glob, a backquote, `$(`, `${`) throws: a test of an export must not pass by a lenient reading.
 */
export function shellCommands(script: string, env: Readonly<Record<string, string>>, options: { comments: boolean } = { comments: true }): string[][] {
  const commands: string[][] = [];
  let words: string[] = [];
  let word: string | undefined;
  let i = 0;
  const endWord = () => {
    if (word !== undefined) {
      words.push(word);
      word = undefined;
    }
  };
  const endCommand = () => {
    endWord();
    if (words.length > 0) {
      commands.push(words);
    }
    words = [];
  };
  while (i < script.length) {
    const c = script[i];
    if (c === ' ' || c === '\t') {
      endWord();
      i++;
    } else if (c === '\n') {
      endCommand();
      i++;
    } else if (c === '#' && word === undefined && options.comments) {
      while (i < script.length && script[i] !== '\n') {
        i++;
      }
    } else if (c === '\\') {
      if (script[i + 1] === '\n') {
        i += 2; // a line continuation: nothing
      } else if (i + 1 < script.length) {
        word = (word ?? '') + script[i + 1];
        i += 2;
      } else {
        throw new Error('a backslash at the end of the script');
      }
    } else if (c === "'") {
      const end = script.indexOf("'", i + 1);
      if (end < 0) {
        throw new Error('an unterminated single quote');
      }
      word = (word ?? '') + script.slice(i + 1, end);
      i = end + 1;
    } else if (c === '"') {
      let text = '';
      i++;
      for (;;) {
        if (i >= script.length) {
          throw new Error('an unterminated double quote');
        }
        const d = script[i];
        if (d === '"') {
          i++;
          break;
        }
        if (d === '`') {
          throw new Error('a command substitution in double quotes');
        }
        if (d === '\\') {
          const next = script[i + 1];
          if (next === '$' || next === '`' || next === '"' || next === '\\') {
            text += next;
            i += 2;
          } else if (next === '\n') {
            i += 2;
          } else {
            text += d;
            i++;
          }
        } else if (d === '$') {
          const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(script.slice(i + 1))?.[0];
          if (!name) {
            throw new Error(`an expansion other than $NAME in double quotes: ${JSON.stringify(script.slice(i, i + 3))}`);
          }
          text += env[name] ?? '';
          i += 1 + name.length;
        } else {
          text += d;
          i++;
        }
      }
      word = (word ?? '') + text;
    } else if (/[A-Za-z0-9_./:=@%+,-]/.test(c) || c === '#') {
      word = (word ?? '') + c;
      i++;
    } else {
      throw new Error(`a character the shell would act on, unquoted: ${JSON.stringify(c)}`);
    }
  }
  endCommand();
  return commands;
}

/** What curl sends for its arguments (only the options a cURL export uses; any other throws). */
export interface CurlRequest {
  method?: string;
  url?: string;
  headers: [string, string][];
  data?: string;
  globoff: boolean;
}

export function curlRequest(args: readonly string[]): CurlRequest {
  if (args[0] !== 'curl') {
    throw new Error(`not a curl command: ${args[0]}`);
  }
  const request: CurlRequest = { headers: [], globoff: false };
  for (let i = 1; i < args.length; i++) {
    const arg = args[i];
    const value = () => {
      if (i + 1 >= args.length) {
        throw new Error(`${arg} without a value`);
      }
      return args[++i];
    };
    switch (arg) {
      case '-sS':
        break;
      case '--globoff':
        request.globoff = true;
        break;
      case '-X':
        request.method = value();
        break;
      case '--url':
        request.url = value();
        break;
      case '-H': {
        const header = value();
        // curl: `Name: value`, or `Name;` for an empty value (`Name:` alone removes the header).
        const m = /^([^:;\s]+)(?::[ \t]*([\s\S]*)|;)$/.exec(header);
        if (!m || m[2] === '') {
          throw new Error(`a -H curl would not send as one header: ${JSON.stringify(header)}`);
        }
        request.headers.push([m[1], m[2] ?? '']);
        break;
      }
      case '--data-raw':
        request.data = value();
        break;
      default:
        throw new Error(`an argument a cURL export does not use: ${JSON.stringify(arg)}`);
    }
  }
  return request;
}

/** What a fetch call passes: its address and its init object, as values. */
export interface FetchCall {
  url: unknown;
  init: Record<string, unknown>;
}

/**
 * The one `fetch(...)` call of a script, its arguments read from the syntax tree. The script must
 * parse without a syntax error (as an ES module: top-level await), and hold exactly one call of
 * `fetch`. Literals are read from the tree (`process.env.NAME` from `env`, `JSON.stringify(...)`
 * of a literal); any other expression throws.
 */
export function fetchCall(script: string, env: Readonly<Record<string, string>>): FetchCall {
  const diagnostics =
    ts.transpileModule(script, { fileName: 'export.mjs', reportDiagnostics: true, compilerOptions: { target: ts.ScriptTarget.ESNext, module: ts.ModuleKind.ESNext } })
      .diagnostics ?? [];
  if (diagnostics.length > 0) {
    throw new Error(`not valid JavaScript: ${ts.flattenDiagnosticMessageText(diagnostics[0].messageText, '\n')}`);
  }
  const source = ts.createSourceFile('export.mjs', script, ts.ScriptTarget.ESNext, true, ts.ScriptKind.JS);
  // `const response = await fetch(…);` and `console.log(…);`, nothing else: a comment that let a line out would add a statement.
  const statements = source.statements.map((s) => s.getText().replace(/\(([\s\S]*)\)/, '(…)'));
  if (statements.length !== 2 || statements[0] !== 'const response = await fetch(…);' || !statements[1].startsWith('console.log(')) {
    throw new Error(`statements other than the fetch call and its log: ${JSON.stringify(statements)}`);
  }
  const calls: ts.CallExpression[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'fetch') {
      calls.push(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (calls.length !== 1) {
    throw new Error(`${calls.length} fetch calls`);
  }
  const [url, init] = calls[0].arguments.map((a) => literal(a, env));
  if (init === null || typeof init !== 'object' || Array.isArray(init)) {
    throw new Error('no init object');
  }
  return { url, init: init as Record<string, unknown> };
}

function literal(node: ts.Expression, env: Readonly<Record<string, string>>): unknown {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
    return node.text;
  }
  if (ts.isNumericLiteral(node)) {
    return Number(node.text);
  }
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(node.operand)) {
    return -Number(node.operand.text);
  }
  if (node.kind === ts.SyntaxKind.TrueKeyword || node.kind === ts.SyntaxKind.FalseKeyword || node.kind === ts.SyntaxKind.NullKeyword) {
    return node.kind === ts.SyntaxKind.TrueKeyword ? true : node.kind === ts.SyntaxKind.FalseKeyword ? false : null;
  }
  if (ts.isParenthesizedExpression(node)) {
    return literal(node.expression, env);
  }
  if (ts.isArrayLiteralExpression(node)) {
    return node.elements.map((e) => literal(e, env));
  }
  if (ts.isObjectLiteralExpression(node)) {
    const out: Record<string, unknown> = {};
    for (const p of node.properties) {
      if (!ts.isPropertyAssignment(p)) {
        throw new Error(`an object member that is not "key: value": ${p.getText()}`);
      }
      let key: string;
      if (ts.isComputedPropertyName(p.name)) {
        if (!ts.isStringLiteral(p.name.expression)) {
          throw new Error(`a computed key that is not a string: ${p.name.getText()}`);
        }
        key = p.name.expression.text;
      } else if (ts.isStringLiteral(p.name) || ts.isIdentifier(p.name)) {
        key = p.name.text;
        if (key === '__proto__') {
          throw new Error('a plain "__proto__" key sets the prototype, not a property');
        }
      } else {
        throw new Error(`a key of another kind: ${p.name.getText()}`);
      }
      Object.defineProperty(out, key, { value: literal(p.initializer, env), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const [left, right] = [literal(node.left, env), literal(node.right, env)];
    if (typeof left !== 'string' || typeof right !== 'string') {
      throw new Error(`a + of other than texts: ${node.getText()}`);
    }
    return left + right;
  }
  if (ts.isPropertyAccessExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.getText() === 'process.env') {
    return env[node.name.text];
  }
  if (ts.isCallExpression(node) && node.expression.getText() === 'JSON.stringify' && node.arguments.length === 1) {
    return JSON.stringify(literal(node.arguments[0], env));
  }
  throw new Error(`an expression that is not a literal: ${node.getText()}`);
}

/** One request of an HTTP file: the request line's method and URL, the headers as written, the body. */
export interface HttpFileRequest {
  method: string;
  url: string;
  headers: [string, string][];
  body: string;
}

/**
 * The requests of an HTTP file, as REST Client and JetBrains' HTTP client split it: at lines
 * starting with `###`; in each part, comment lines (`#`, `//`) and file variables (`@name = …`)
 * before the request line, the request line, header lines up to a blank line, then the body (up
 * to trailing blank lines). A line ends at any line terminator a client might split on, the
 * Unicode separators included: stricter than either client.
 */
export function httpFileRequests(text: string): HttpFileRequest[] {
  const lines = text.split(/\r\n|[\n\r\u0085\u2028\u2029]/);
  const parts: string[][] = [[]];
  for (const line of lines) {
    if (/^###/.test(line)) {
      parts.push([]);
    } else {
      parts[parts.length - 1].push(line);
    }
  }
  const requests: HttpFileRequest[] = [];
  for (const part of parts) {
    let i = 0;
    while (i < part.length && (part[i].trim() === '' || /^\s*(#|\/\/)/.test(part[i]) || /^@[\w-]+\s*=/.test(part[i]))) {
      i++;
    }
    if (i >= part.length) {
      continue;
    }
    const requestLine = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|GRAPHQL)\s+(\S+)(?:\s+HTTP\/[\d.]+)?$/.exec(part[i]);
    if (!requestLine) {
      throw new Error(`not a request line: ${JSON.stringify(part[i])}`);
    }
    i++;
    const headers: [string, string][] = [];
    for (; i < part.length && part[i] !== ''; i++) {
      const header = /^([^:\s]+):\s*(.*?)\s*$/.exec(part[i]);
      if (!header) {
        throw new Error(`not a header line: ${JSON.stringify(part[i])}`);
      }
      headers.push([header[1], header[2]]);
    }
    const body = part.slice(i + 1);
    while (body.length > 0 && body[body.length - 1].trim() === '') {
      body.pop();
    }
    requests.push({ method: requestLine[1], url: requestLine[2], headers, body: body.join('\n') });
  }
  return requests;
}
