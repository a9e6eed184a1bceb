// Builds the web client (Vite) and bundles the server (esbuild) into dist/.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

// The build is of the sources as they were when it began: a file edited while it runs is newer than
// the stamp (scripts/start.mjs builds again), not taken as built.
const startedAt = new Date();

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
// The expo tablet's service worker (decision 0039): the kiosk page's files, as Vite's
// manifest lists them from kiosk.html (scripts, lazy chunks, stylesheets, fonts, images), are put in it.
{
  const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8'));
  const files = new Set();
  const walk = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(`/${file}`);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) walk(next);
  };
  walk('kiosk.html');
  files.delete('/kiosk.html');
  // A font's .woff is only the fallback of browsers without WOFF2, which no tablet the kiosk runs on
  // lacks: precaching both downloaded about 200 KB more on the first load for nothing.
  const woff2 = new Set([...files].filter((f) => f.endsWith('.woff2')).map((f) => f.replace(/-[\w-]{8}\.woff2$/, '')));
  for (const file of [...files]) if (file.endsWith('.woff') && woff2.has(file.replace(/-[\w-]{8}\.woff$/, ''))) files.delete(file);
  const precache = [...files].sort();
  const version = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 16);
  await build({
    entryPoints: ['src/web/features/kiosk/kiosk-sw.ts'],
    outfile: 'dist/client/kiosk-sw.js',
    bundle: true,
    format: 'iife',
    target: 'es2022',
    minify: true,
    define: { __KIOSK_PRECACHE__: JSON.stringify(precache), __KIOSK_VERSION__: JSON.stringify(version) },
    logLevel: 'warning',
  });
}

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

writeFileSync('dist/build-info.json', `${JSON.stringify({ builtAt: startedAt.toISOString() })}\n`);
utimesSync('dist/build-info.json', startedAt, startedAt);
console.log('Built dist/client and dist/server.');
