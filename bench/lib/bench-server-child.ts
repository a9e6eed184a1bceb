// Entry of the bench server's child process (bench-server.ts): <dataDir> [databaseUrl].
import { serveInChild } from './bench-server';

await serveInChild(process.argv[2]!, process.argv[3] ?? '');
