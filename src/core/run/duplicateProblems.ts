import type { Range } from '../text/position';

/** What a diagnostic is compared on: where it is and what it says. */
export interface ProblemText {
  readonly range: Range;
  readonly message: string;
}

function sameRange(a: Range, b: Range): boolean {
  return a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;
}

/** Messages compared without surrounding white space and with runs of white space as one space. */
function normalized(message: string): string {
  return message.trim().replace(/\s+/g, ' ');
}

/**
 * The local check's problems that the server's answer does not already show: one problem per
 * mistake in Problems. A local diagnostic is left out while a server error has the same range and
 * the same message (white space aside; the server's may add a detail line), so `Cannot query field
 * "nmae"…` appears once, as the server's, with its link to the run. Local problems the server did
 * not report, or reported elsewhere or in other words, stay. Order is kept.
 */
export function withoutServerDuplicates<T extends ProblemText>(local: readonly T[], server: readonly ProblemText[]): T[] {
  if (server.length === 0) {
    return [...local];
  }
  return local.filter((l) => {
    const text = normalized(l.message);
    return !server.some((s) => sameRange(s.range, l.range) && firstLines(s.message, text));
  });
}

/** Whether the server's message is the local text, alone or followed by a detail line. */
function firstLines(serverMessage: string, localText: string): boolean {
  const whole = normalized(serverMessage);
  if (whole === localText) {
    return true;
  }
  const lines = serverMessage.split('\n');
  return lines.length > 1 && normalized(lines.slice(0, -1).join('\n')) === localText;
}
