// Builds the web client (Vite) and bundles the server (esbuild) into dist/.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const vite = (...args) => {
  // Always a production build, even when called from a test runner that sets NODE_ENV=test.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', ...args], { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
vite(); // the client, into dist/client
vite('--ssr', 'entry-server.tsx', '--outDir', '../../dist/ssr'); // the public pages' server renderer

// embed.js, the script partner sites paste to embed a channel's survey (decision 0034): one small
// file at a fixed address (not hashed), with no dependency.
await build({
  entryPoints: ['src/web/embed/embed.ts'],
  outfile: 'dist/client/embed.js',
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2019',
  platform: 'browser',
  legalComments: 'none',
  logLevel: 'warning',
});

// Compress once at build time: the server sends .br or .gz as the browser accepts, at no CPU cost.
const assetsDir = 'dist/client/assets';
for (const name of readdirSync(assetsDir)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const file = path.join(assetsDir, name);
  const data = readFileSync(file);
  writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
}

// dist/server/server.js loads React in its production build, then dist/server/abode.js (the server).
await build({
  entryPoints: { server: 'src/server/launch.ts', abode: 'src/server/server.ts', staff: 'src/server/cli/staff.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

writeFileSync('dist/build-info.json', `${JSON.stringify({ builtAt: new Date().toISOString() })}\n`);
console.log('Built dist/client and dist/server.');
