import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Alias, type Plugin } from 'vite';

/**
 * The browser's FormatJS (issue 27, docs/decisions/0026-languages.md): the message parser left out,
 * since the catalogues reach the browser already parsed (precompiledCatalogues below).
 */
const BROWSER_FORMATJS: Alias[] = [
  { find: /^@formatjs\/icu-messageformat-parser$/, replacement: path.resolve('node_modules/@formatjs/icu-messageformat-parser/no-parser.js') },
];

/** Catalogue keys only the server uses (the visitor's e-mails, server-rendered refusals): never sent to the browser. */
const SERVER_ONLY_KEY = /^(mail|server)\./;

/**
 * The message catalogues (src/shared/i18n/messages/*.ts) as the browser needs them: each message
 * with ICU syntax parsed at build time (FormatJS's AST), so the browser needs no parser; a plain
 * text stays a string (message-format.ts returns it as it is, as the server does), and keys only
 * the server uses are left out. The module is evaluated here by esbuild.
 */
function precompiledCatalogues(): Plugin {
  return {
    name: 'abode-precompiled-catalogues',
    apply: 'build',
    enforce: 'pre',
    async load(id) {
      if (!/src\/shared\/i18n\/messages\/[a-z-]+\.ts$/.test(id)) return null;
      const { build } = await import('esbuild');
      const out = await build({
        entryPoints: [id],
        bundle: true,
        write: false,
        format: 'esm',
        platform: 'neutral',
        logLevel: 'silent',
        plugins: [
          {
            name: 'abode-imports',
            setup(b) {
              b.onResolve({ filter: /^#shared\// }, (args) => ({ path: path.resolve('src/shared', `${args.path.slice('#shared/'.length)}.ts`) }));
            },
          },
        ],
      });
      const source = out.outputFiles[0]!.text;
      const catalogues = (await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`)) as Record<string, Record<string, string>>;
      const { parse } = await import('@formatjs/icu-messageformat-parser');
      const { MESSAGE_PARSE_OPTIONS, isPlainMessage } = await import('./src/shared/i18n/message-format.ts');
      const browserForm = (messages: Record<string, string>) =>
        Object.fromEntries(
          Object.entries(messages)
            .filter(([key]) => !SERVER_ONLY_KEY.test(key))
            .map(([key, text]) => [key, isPlainMessage(text) ? text : parse(text, MESSAGE_PARSE_OPTIONS)]),
        );
      return Object.entries(catalogues)
        .map(([name, messages]) => `export const ${name} = JSON.parse(${JSON.stringify(JSON.stringify(browserForm(messages)))});`)
        .join('\n');
    },
  };
}

/** Writes .vite/chunk-modules.json (chunk file → the modules in it) for the bundle benchmark. */
function chunkModules(): Plugin {
  return {
    name: 'abode-chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const map: Record<string, string[]> = {};
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk') map[item.fileName] = item.moduleIds.map((id) => id.replace(process.cwd() + '/', ''));
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: JSON.stringify(map) });
    },
  };
}

/**
 * Preloads the web fonts of the global stylesheet (Inter 400 and 600, both used above the fold on
 * every page). Found only through the CSS, they would be requested after the page is styled and
 * swapped in after the first paint, shifting the text; preloaded, they arrive with the stylesheets.
 * The language switch's small font too (2.4 KB): on a slow phone its "हिन्दी" was drawn first in a
 * fallback 31 px wider, and the swap moved the header. Only English pages use it (unicode-range):
 * the Hindi template drops its link (withLanguage, src/server/features/pages/page-renderer.ts).
 */
function preloadFonts(): Plugin {
  return {
    name: 'abode-preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const assets = ctx.chunk?.viteMetadata?.importedAssets ?? new Set<string>();
        return [...assets]
          .filter((file) => file.endsWith('.woff2'))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: true },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/**
 * main.tsx loads the app (start-app.tsx) with a dynamic import. Give index.html what Vite gives a
 * static import: the stylesheets of the app's chunks (before the entry's own, the cascade order of a
 * static import) and modulepreload links, so pages rendered in the browser fetch the app at once. The
 * server leaves the modulepreload links out of the pages it renders, which start the app after load.
 */
function linkApp(): Plugin {
  return {
    name: 'abode-link-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        // The expo tablet's page (issue 39) is its own app: none of the site's.
        if (ctx.filename.endsWith('kiosk.html')) return html;
        const bundle = ctx.bundle ?? {};
        const app = Object.values(bundle).find((item) => item.type === 'chunk' && item.facadeModuleId?.endsWith('/src/web/start-app.tsx'));
        if (app?.type !== 'chunk') throw new Error('No chunk for src/web/start-app.tsx');
        const chunks = [...app.imports, app.fileName].filter((file) => !html.includes(`/${file}"`));
        const css = [...app.imports, app.fileName].flatMap((file) => {
          const chunk = bundle[file];
          return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
        });
        const styles = css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">\n    `).join('');
        return {
          html: html.replace('<link rel="stylesheet"', `${styles}<link rel="stylesheet"`),
          tags: chunks.map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const })),
        };
      },
    },
  };
}

export default defineConfig(({ command, isSsrBuild, mode }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), ...(isSsrBuild ? [] : [chunkModules(), preloadFonts(), linkApp(), precompiledCatalogues()])],
  ...(command === 'build' && !isSsrBuild ? { resolve: { alias: BROWSER_FORMATJS } } : {}),
  // The page renderer gets React's production build, as the browser does, whatever NODE_ENV the
  // server runs with (React picks its build from NODE_ENV when loaded from node_modules).
  ...(isSsrBuild && mode === 'production'
    ? { ssr: { noExternal: ['react', 'react-dom', 'react-router', 'scheduler'] }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } }
    : {}),
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    // The server reads the manifest to link each server-rendered page's CSS and chunks.
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    sourcemap: false,
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
    // Fonts stay files: the CSP allows no data: fonts, and a file is fetched only where its
    // unicode-range is used (the language switch's 2 KB font, issue 27).
    assetsInlineLimit: (file) => (file.endsWith('.woff2') ? false : undefined),
    // Browsers without modulepreload (Safari < 17, Firefox < 115) still load the modules, just not
    // ahead of time: the polyfill is not worth its 0.3 KB of the home page's script budget.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Rolldown's note that plugins took much of a build's time is about Vite's own CSS plugins, and
      // comes on a busy machine only: not a warning a newcomer can act on.
      checks: { bundlerTimings: false },
      ...(isSsrBuild
        ? {
            // The server renders the landing page without the router (app/landing-island.tsx imports it),
            // while the routes, shared with the browser, load it lazily: in the server's bundle that import
            // cannot split anything off, and need not. Any other such import is still reported.
            onLog(level, log, report) {
              if (
                log.code === 'INEFFECTIVE_DYNAMIC_IMPORT' &&
                log.message.includes('src/web/features/responses/landing-page.tsx is dynamically imported by src/web/app/routes.tsx')
              )
                return;
              report(level, log);
            },
          }
        : {
            // antd's @rc-component packages and its CSS-in-JS helpers declare no "sideEffects", so an
            // unused module they import was kept: every staff page carried rc-form and its validator
            // (about 14 KB gzip) whether it had a form or not. They have none but their exports.
            treeshake: {
              moduleSideEffects: [
                { test: /node_modules\/(@rc-component\/|@ant-design\/(cssinjs|cssinjs-utils|fast-color|colors|icons-svg)\/)/, sideEffects: false },
              ],
            },
            // The Devanagari font's stylesheet on its own, for the server to link on Hindi pages only (issue 27).
            // The expo tablet (issue 39, decision 0039): its own page and bundle, in neither the site's nor the dashboard's first view.
            input: {
              index: path.resolve('src/web/index.html'),
              devanagari: path.resolve('src/web/styles/devanagari.css'),
              kiosk: path.resolve('src/web/kiosk.html'),
            },
            output: {
              codeSplitting: {
                // The public pages' small shared modules in one chunk rather than a dozen tiny ones (each
                // costs a request and gzip overhead). Only modules without zod, antd or SurveyJS belong here.
                groups: [
                  // React DOM and its client in one chunk: the expo tablet's entry (kiosk.html) shares them with
                  // the site's, which otherwise splits them into two files (and /dashboard's first view over 250 KB).
                  { name: 'react-dom', test: /node_modules\/(react-dom|scheduler)\//, priority: 2 },
                  // What the entry (main.tsx) needs before the app: the dynamic import's preload helper and
                  // the start-up token check. Kept out of 'site', which the entry would otherwise import at
                  // once, before the page has loaded.
                  { name: 'boot', test: /vite\/preload-helper|src\/web\/lib\/auth-token\.ts|src\/shared\/token-claims\.ts/, priority: 1 },
                  {
                    name: 'site',
                    // Not what single pages alone use (the staff's antd-zod, use-unsaved-changes, page-data with its
                    // load-failed panel and reload hook (antd, React Router), and
                    // phone-cards, which import antd; the contact and login forms' use-zod-form, the login
                    // page's toast, the about and login pages' icons): the home page would download them.
                    // Nor what imports React Router: the landing page starts without it (start-landing.tsx).
                    test: (id) =>
                      /src\/web\/(components|app|lib)\/|src\/web\/features\/responses\/campaigns-api\.ts|src\/shared\/(paths|email|token-claims|site|api-error)\.ts/.test(
                        id,
                      ) &&
                      !/src\/web\/lib\/(antd-zod|use-zod-form|use-unsaved-changes|staff-text|use-keyboard-scrollable-tables|survey-safety|survey-language)\.ts|src\/web\/lib\/(page-data|load-failed)\.tsx|src\/web\/lib\/page-reload\.ts|src\/web\/components\/(page-icons\.tsx|toast\.(tsx|css)|phone-cards\.(tsx|css))/.test(
                        id,
                      ) &&
                      !/src\/web\/app\/(routes|router-bridge|public-layout|route-error|landing-island)\.tsx/.test(id),
                  },
                ],
              },
            },
          }),
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000', '/healthz': 'http://localhost:3000' },
  },
}));
