/**
 * Documents larger than this get no GraphQL language features and no Run from their templates:
 * beyond it a keystroke's work is too large to stay off the person's way, and their text is not kept.
 */
export const MAX_DOCUMENT_CHARS = 2 * 1024 * 1024;
