// Builds the web client (Vite) and bundles the server (esbuild) into dist/.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const vite = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
if (vite.status !== 0) process.exit(vite.status ?? 1);

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
