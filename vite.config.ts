import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
          .map((file) => ({ tag: 'link', attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: true }, injectTo: 'head' as const }));
      },
    },
  };
}

export default defineConfig(({ isSsrBuild, mode }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), ...(isSsrBuild ? [] : [chunkModules(), preloadFonts()])],
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
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              // The public pages' small shared modules in one chunk rather than a dozen tiny ones (each
              // costs a request and gzip overhead). Only modules without zod, antd or SurveyJS belong here.
              groups: [
                {
                  name: 'site',
                  test: /src\/web\/(components|app|lib)\/|src\/web\/features\/campaigns\/campaigns-api\.ts|src\/shared\/(paths|email|token-claims|site|api-error)\.ts/,
                },
              ],
            },
          },
        },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000', '/healthz': 'http://localhost:3000' },
  },
}));
