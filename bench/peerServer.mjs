// Starts graphql-language-service-server 2.14 (the GraphQL Foundation's language server) over
// stdio, the way its CLI does; the package ships no bin of its own.
// Usage: node peerServer.mjs <rootDir> <tmpDir> <peerDir>   (peerDir: where bench/peerInstall.mjs put it)
import { createRequire } from 'node:module';
import { join } from 'node:path';

const [rootDir, tmpDir, peerDir] = process.argv.slice(2);
const require = createRequire(join(peerDir, 'package.json'));
const { startServer } = require('graphql-language-service-server');
await startServer({ method: 'stream', loadConfigOptions: { rootDir }, tmpDir });
