// No import circle under src/, type-only imports included. ESLint's import-x/no-cycle (the walls,
// docs/decisions/0040-walls-and-consistency.md) skips `import type` and type-only names, so a circle
// made of types alone passes lint; so does one through Vite's import.meta.glob (the router's pages,
// src/web/lib/page-preload.ts). This walks every import of either kind and fails on any circle.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** Files the bundler loads but that import nothing of ours: styles, data, assets, `?url` and the like. */
const NOT_CODE = /\?|\.(css|scss|json|svg|png|jpe?g|gif|webp|avif|ico|woff2?|ttf|otf|txt|md|html)$/i;

interface ImportGraph {
  /** Files (relative to the root, `/`-separated), sorted. */
  files: string[];
  /** from → to → the names `from` takes from `to` (`type X`, `*`, `import()`, …). */
  edges: Map<string, Map<string, Set<string>>>;
  /** `file: specifier` of every local import the project's resolution does not find. */
  unresolved: string[];
}

function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...sourceFiles(file));
    else if (/\.tsx?$/.test(entry.name)) found.push(file);
  }
  return found;
}

interface Imported {
  specifier: string;
  names: string[];
  /** Vite's `import.meta.glob`: `specifier` is one of its patterns (`!` first: left out). */
  glob?: true;
}

/** Each module specifier of a file with the names taken through it. */
function importsOf(file: string, text: string): Imported[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Imported[] = [];
  const literal = (node: ts.Node | undefined) => (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined);
  const typed = (isType: boolean, name: string) => (isType ? `type ${name}` : name);

  const visit = (node: ts.Node, deep: boolean): void => {
    if (ts.isImportDeclaration(node)) {
      const specifier = literal(node.moduleSpecifier);
      const clause = node.importClause;
      const names: string[] = [];
      if (!clause) names.push('(side effect)');
      else {
        const isType = clause.isTypeOnly;
        if (clause.name) names.push(typed(isType, 'default'));
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) names.push(typed(isType, '*'));
        if (bindings && ts.isNamedImports(bindings)) {
          for (const e of bindings.elements) names.push(typed(isType || e.isTypeOnly, (e.propertyName ?? e.name).text));
        }
      }
      if (specifier !== undefined) found.push({ specifier, names });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      const specifier = literal(node.moduleSpecifier);
      const clause = node.exportClause;
      const names =
        clause && ts.isNamedExports(clause)
          ? clause.elements.map((e) => typed(node.isTypeOnly || e.isTypeOnly, (e.propertyName ?? e.name).text))
          : [typed(node.isTypeOnly, '*')];
      if (specifier !== undefined) found.push({ specifier, names });
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const specifier = literal(node.moduleReference.expression);
      if (specifier !== undefined) found.push({ specifier, names: [typed(node.isTypeOnly, node.name.text)] });
    } else if (ts.isCallExpression(node)) {
      const isImport = node.expression.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(node.expression) && node.expression.text === 'require';
      const specifier = literal(node.arguments[0]);
      if ((isImport || isRequire) && specifier !== undefined) found.push({ specifier, names: [isImport ? 'import()' : 'require()'] });
      // `import.meta.glob('…')` or `import.meta.glob(['…', '!…'])`: lazy imports of every file that matches.
      const callee = node.expression;
      if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'glob' && ts.isMetaProperty(callee.expression)) {
        const first = node.arguments[0];
        const patterns = first && ts.isArrayLiteralExpression(first) ? first.elements.map(literal) : [literal(first)];
        for (const pattern of patterns) found.push({ specifier: pattern ?? '(not a literal)', names: ['import.meta.glob'], glob: true });
      }
    } else if (ts.isImportTypeNode(node)) {
      // `type X = import('./y').Y`: a type-only import written inside a type.
      const specifier = ts.isLiteralTypeNode(node.argument) ? literal(node.argument.literal) : undefined;
      const qualifier = node.qualifier ? node.qualifier.getText(source) : 'import()';
      if (specifier !== undefined) found.push({ specifier, names: [`type ${node.isTypeOf ? 'typeof ' : ''}${qualifier}`] });
    }
    if (deep) ts.forEachChild(node, (child) => visit(child, true));
  };
  // Static imports and re-exports are top-level statements; `import(…)`, `require(…)` and import types
  // can sit anywhere, so the whole tree is walked only in files that write one.
  const deep = /\b(import|require)\s*\(|import\.meta\.glob/.test(text);
  for (const statement of source.statements) visit(statement, deep);
  return found;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** A glob of Vite's (`*`, `**`, `{a,b}`), already made absolute, as a regular expression; undefined when it uses more. */
function globPattern(glob: string): RegExp | undefined {
  if (/[?[\]()!+@]/.test(glob)) return undefined;
  const source = glob
    .split(/(\*\*\/|\*|\{[^}]*\})/)
    .map((part) => {
      if (part === '**/') return '(?:[^/]+/)*';
      if (part === '*') return '[^/]*';
      if (part.startsWith('{')) return `(?:${part.slice(1, -1).split(',').map(escapeRegExp).join('|')})`;
      return escapeRegExp(part);
    })
    .join('');
  return new RegExp(`^${source}$`);
}

/**
 * Every import between the .ts/.tsx files under `root/dir`, resolved as the project's tsc resolves
 * them (root/tsconfig.json: relative paths with or without extension and /index, its `paths` and
 * package.json `imports` for `#server/*` and the rest), and the files Vite's `import.meta.glob` loads.
 * Packages and non-code files are left out.
 */
function importGraph(rootDir: string, dir: string): ImportGraph {
  const configFile = path.join(rootDir, 'tsconfig.json');
  const { config, error } = ts.readConfigFile(configFile, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  // Parsed as tsc parses it (its `paths` are relative to the file); its file list is not used.
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, rootDir, undefined, configFile);
  const cache = ts.createModuleResolutionCache(rootDir, (name) => name, options);
  // Vite's root (vite.config.ts `root`), where a glob starting with `/` starts.
  const viteConfig = path.join(rootDir, 'vite.config.ts');
  const viteRoot = path.join(rootDir, (ts.sys.fileExists(viteConfig) && /^\s*root: '([^']+)'/m.exec(readFileSync(viteConfig, 'utf8'))?.[1]) || '.');

  const top = path.join(rootDir, dir);
  const absolute = sourceFiles(top).sort();
  const known = new Set(absolute);
  const rel = (file: string) => path.relative(rootDir, file).split(path.sep).join('/');
  const edges: ImportGraph['edges'] = new Map();
  const unresolved: string[] = [];

  for (const file of absolute) {
    const out = new Map<string, Set<string>>();
    edges.set(rel(file), out);
    const imports = importsOf(file, readFileSync(file, 'utf8'));
    const take = (target: string, names: string[]) => {
      const taken = out.get(rel(target)) ?? new Set<string>();
      for (const name of names) taken.add(name);
      out.set(rel(target), taken);
    };
    // Globs: a pattern starting with `/` is under Vite's root, any other is relative to the file.
    const globs = imports
      .filter((i) => i.glob)
      .map(({ specifier }) => {
        const left = specifier.startsWith('!');
        const glob = left ? specifier.slice(1) : specifier;
        const full = glob.startsWith('/') ? path.join(viteRoot, glob) : path.resolve(path.dirname(file), glob);
        const pattern = /^\.{0,2}\//.test(glob) ? globPattern(full.split(path.sep).join('/')) : undefined;
        if (!pattern) unresolved.push(`${rel(file)}: import.meta.glob ${specifier}`);
        return { left, pattern };
      });
    if (globs.length > 0) {
      const matches = (target: string, left: boolean) => globs.some((g) => g.left === left && g.pattern?.test(target.split(path.sep).join('/')));
      for (const target of absolute) if (target !== file && matches(target, false) && !matches(target, true)) take(target, ['import.meta.glob']);
    }
    for (const { specifier, names } of imports.filter((i) => !i.glob)) {
      // Bare specifiers are packages (node:…, react, zod); only relative, rooted and `#…` ones are ours.
      if (!/^(\.|\/|#)/.test(specifier) || NOT_CODE.test(specifier)) continue;
      const resolved = ts.resolveModuleName(specifier, file, options, ts.sys, cache).resolvedModule;
      if (!resolved) {
        unresolved.push(`${rel(file)}: ${specifier}`);
        continue;
      }
      const target = path.resolve(resolved.resolvedFileName);
      if (resolved.isExternalLibraryImport || !known.has(target)) continue;
      take(target, names);
    }
  }
  return { files: absolute.map(rel), edges, unresolved };
}

/** Strongly connected components (Tarjan) with more than one file, or one file that imports itself. */
function circularComponents({ files, edges }: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let next = 0;

  const connect = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of edges.get(file)?.keys() ?? []) {
      if (!index.has(target)) {
        connect(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || edges.get(file)?.has(file)) components.push(component.sort());
    }
  };
  for (const file of files) if (!index.has(file)) connect(file);
  return components.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/**
 * Each component as circles a reader can break: every import inside it lies on one printed circle
 * (`a.ts -> b.ts (names a takes) -> a.ts (names b takes)`), the shortest through that import.
 */
function describeCircles(graph: ImportGraph): string[] {
  const lines: string[] = [];
  for (const component of circularComponents(graph)) {
    const inside = new Set(component);
    const covered = new Set<string>();
    const circles: string[][] = [];
    for (const from of component) {
      for (const to of [...(graph.edges.get(from)?.keys() ?? [])].filter((t) => inside.has(t)).sort()) {
        if (covered.has(`${from}\n${to}`)) continue;
        // Shortest way back from `to` to `from` inside the component (breadth first).
        const previous = new Map<string, string>([[to, to]]);
        const queue = [to];
        while (queue.length > 0 && !previous.has(from)) {
          const at = queue.shift()!;
          for (const t of [...(graph.edges.get(at)?.keys() ?? [])].sort()) {
            if (inside.has(t) && !previous.has(t)) {
              previous.set(t, at);
              queue.push(t);
            }
          }
        }
        const back: string[] = [from];
        for (let at = from; at !== to;) {
          at = previous.get(at)!;
          back.unshift(at);
        }
        const circle = from === to ? [from, from] : [from, ...back];
        circle.slice(1).forEach((file, i) => covered.add(`${circle[i]}\n${file}`));
        circles.push(circle);
      }
    }
    for (const circle of circles) {
      lines.push(circle.map((file, i) => (i === 0 ? file : `${file} (${[...graph.edges.get(circle[i - 1]!)!.get(file)!].join(', ')})`)).join(' -> '));
    }
  }
  return lines;
}

describe('no import circle under src/', () => {
  it('finds none, type-only imports included', () => {
    const graph = importGraph(root, 'src');
    expect(graph.unresolved).toEqual([]);
    const circles = describeCircles(graph);
    expect(circles, `import circles under src/ (each file -> the file it imports (the names it takes)):\n${circles.join('\n')}\n`).toEqual([]);
    // The walk saw the tree: hundreds of files and imports, some of them type-only, the router's pages.
    const taken = [...graph.edges.values()].flatMap((out) => [...out.values()]);
    expect(graph.files.length).toBeGreaterThan(300);
    expect(taken.length).toBeGreaterThan(1000);
    expect(taken.filter((names) => [...names].every((name) => name.startsWith('type '))).length).toBeGreaterThan(100);
    expect(taken.filter((names) => names.has('import.meta.glob')).length).toBeGreaterThan(40);
  });
});

describe('the circle walker', () => {
  const plant = mkdtempSync(path.join(os.tmpdir(), 'abode-circles-'));
  afterAll(() => rmSync(plant, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(plant, file)), { recursive: true });
    writeFileSync(path.join(plant, file), text);
  };

  it('reports a circle of type-only imports, one of values through an alias, an index and a dynamic import, and those through a glob', () => {
    write(
      'tsconfig.json',
      JSON.stringify({
        compilerOptions: { module: 'ESNext', moduleResolution: 'bundler', allowImportingTsExtensions: true, paths: { '#plant/*': ['./src/*'] } },
      }),
    );
    write('src/a.ts', "import type { B } from './b';\n\nexport interface A {\n  b?: B;\n}\n");
    write('src/b.ts', "import { type A } from './a.ts';\n\nexport type B = { a?: A };\n");
    write('src/c.ts', "import { d } from '#plant/d';\n\nexport const c = d + 1;\n");
    write('src/d/index.ts', "export { e as d } from '../e';\n");
    write('src/e.ts', "export const e = 1;\nexport const later = () => import('./c');\n");
    // Packages, styles and a file outside any circle make no circle.
    write('src/f.tsx', "import 'zod';\nimport './f.css';\nimport { c } from './c';\n\nexport type G = typeof import('./g').g;\nexport const f = c;\n");
    write('src/g.ts', "export * from './e';\nexport const g = 1;\n");
    // Vite's globs: a page that imports the router back closes a circle the router's glob opened.
    write('vite.config.ts', "export default {\n  root: 'src',\n};\n");
    write(
      'src/router.ts',
      "export const pages = import.meta.glob(['./pages/*-page.ts', '!./pages/left-*']);\nexport const more = import.meta.glob('/more/**/*.ts');\n",
    );
    write('src/pages/home-page.ts', "import { pages } from '../router';\n\nexport const home = pages;\n");
    write('src/pages/left-page.ts', "import { pages } from '../router';\n\nexport const left = pages;\n");
    write('src/more/deep/x.ts', "import type { more } from '../../router';\n\nexport type X = typeof more;\n");
    const graph = importGraph(plant, 'src');
    expect(graph.unresolved).toEqual([]);
    expect(describeCircles(graph)).toEqual([
      'src/a.ts -> src/b.ts (type B) -> src/a.ts (type A)',
      'src/c.ts -> src/d/index.ts (d) -> src/e.ts (e) -> src/c.ts (import())',
      'src/more/deep/x.ts -> src/router.ts (type more) -> src/more/deep/x.ts (import.meta.glob)',
      'src/pages/home-page.ts -> src/router.ts (pages) -> src/pages/home-page.ts (import.meta.glob)',
    ]);
    expect(graph.edges.get('src/f.tsx')).toEqual(
      new Map([
        ['src/c.ts', new Set(['c'])],
        ['src/g.ts', new Set(['type typeof g'])],
      ]),
    );
  });

  it('reports a file that imports itself, and an unknown local file', () => {
    write('tsconfig.json', JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'bundler' } }));
    write('self/h.ts', "export type { H } from './h';\nimport { gone } from './gone';\n\nexport type H = number;\nexport const h = gone;\n");
    const graph = importGraph(plant, 'self');
    expect(describeCircles(graph)).toEqual(['self/h.ts -> self/h.ts (type H)']);
    expect(graph.unresolved).toEqual(['self/h.ts: ./gone']);
  });
});
