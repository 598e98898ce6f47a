// Starts graphql-language-service-server 2.14 (the GraphQL Foundation's language server) over
// stdio, the way its CLI does; the package ships no bin of its own.
// Usage: node peerServer.mjs <rootDir> <tmpDir>
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { startServer } = require('graphql-language-service-server');
const [rootDir, tmpDir] = process.argv.slice(2);
await startServer({ method: 'stream', loadConfigOptions: { rootDir }, tmpDir });
