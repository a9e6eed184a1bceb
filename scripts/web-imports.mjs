// Counts the imports between web features (static, dynamic, type-only and re-exports), the pairs of
// features that import each other, and the features' imports of src/web/app. Run: node scripts/web-imports.mjs
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const featuresDir = path.join(root, 'src/web/features');
const files = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? files(file) : /\.tsx?$/.test(name) ? [file] : [];
  });
const specifiers = (source) => [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm)].map((m) => m[1]);
const resolve = (from, spec) => {
  if (spec.startsWith('#web/')) return path.join(root, 'src/web', spec.slice(5));
  if (spec.startsWith('.')) return path.resolve(path.dirname(from), spec);
  return undefined;
};
const featureOf = (file) => {
  const rel = path.relative(featuresDir, file);
  return rel.startsWith('..') ? undefined : rel.split(path.sep)[0];
};

const edges = new Map();
let between = 0;
let intoApp = 0;
const appTargets = new Map();
for (const file of files(featuresDir)) {
  const from = featureOf(file);
  for (const spec of specifiers(readFileSync(file, 'utf8'))) {
    const target = resolve(file, spec);
    if (!target) continue;
    if (path.relative(path.join(root, 'src/web/app'), target).split(path.sep)[0] !== '..') {
      intoApp += 1;
      const key = path.relative(root, target);
      appTargets.set(key, (appTargets.get(key) ?? 0) + 1);
      continue;
    }
    const to = featureOf(target);
    if (!to || to === from) continue;
    between += 1;
    edges.set(`${from} → ${to}`, (edges.get(`${from} → ${to}`) ?? 0) + 1);
  }
}
const twoWay = [...edges.keys()]
  .map((edge) => edge.split(' → '))
  .filter(([a, b]) => a < b && edges.has(`${b} → ${a}`))
  .map(([a, b]) => `${a} ↔ ${b}`);
console.log(`imports between web features: ${between} over ${edges.size} pairs`);
console.log(`two-way pairs: ${twoWay.length}${twoWay.length ? ` (${twoWay.join(', ')})` : ''}`);
console.log(`features → app/: ${intoApp}${appTargets.size ? ` (${[...appTargets].map(([k, n]) => `${k} ${n}`).join(', ')})` : ''}`);
if (process.argv.includes('--edges')) for (const [edge, n] of [...edges].sort()) console.log(`  ${edge}: ${n}`);
