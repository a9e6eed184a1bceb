// The source files the landing page's first view loads: everything src/web/start-landing.tsx reaches
// through static imports that stay in the JavaScript (not `import type`, not a dynamic import(), which
// loads later: the app and its router come in on the visitor's first navigation). eslint.config.js keeps
// react-router, antd, zod and SurveyJS out of these files; tests/unit/walls.test.ts checks the walk.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const LANDING_ENTRIES = ['src/web/start-landing.tsx', 'src/web/app/landing-island.tsx'];

const aliases = { '#web/': 'src/web/', '#shared/': 'src/shared/', '#server/': 'src/server/' };
const suffixes = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The import and re-export specifiers of a module that reach the bundle (type-only ones left out). */
export function runtimeSpecifiers(source) {
  const statements = source.matchAll(/^[ \t]*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm);
  return [...statements].filter((m) => !m[2]).map((m) => m[3]);
}

function resolve(root, fromFile, specifier) {
  const alias = Object.keys(aliases).find((prefix) => specifier.startsWith(prefix));
  let base;
  if (alias) base = path.join(root, aliases[alias], specifier.slice(alias.length));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(fromFile), specifier);
  else return undefined; // a package
  for (const suffix of suffixes) {
    const file = base + suffix;
    if (/\.(ts|tsx)$/.test(file) && existsSync(file) && statSync(file).isFile()) return file;
  }
  return undefined; // a stylesheet, an image or a JSON file
}

/** Repository-relative paths (with '/') of the files the landing page loads, sorted. */
export function landingReach(root = process.cwd()) {
  const seen = new Set();
  const queue = LANDING_ENTRIES.map((file) => path.join(root, file));
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of runtimeSpecifiers(readFileSync(file, 'utf8'))) {
      const target = resolve(root, file, specifier);
      if (target && !seen.has(target)) queue.push(target);
    }
  }
  return [...seen].map((file) => path.relative(root, file).split(path.sep).join('/')).sort();
}
