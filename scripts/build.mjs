// Builds the web client (Vite) and bundles the server (esbuild) into dist/.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const vite = (...args) => {
  const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', ...args], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
vite(); // the client, into dist/client
vite('--ssr', 'entry-server.tsx', '--outDir', '../../dist/ssr'); // the public pages' server renderer

await build({
  entryPoints: { server: 'src/server/server.ts', staff: 'src/server/cli/staff.ts' },
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
