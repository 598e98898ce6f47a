/**
 * What the near-operation-file layout appends to a document's name: the worker writes these files,
 * the host names them in its messages. A module of its own so that the host does not load the code
 * generator's packages (generateTypes.ts) for one string (less to require on the host).
 */
export const OPERATION_FILE_EXTENSION = '.generated.ts';
