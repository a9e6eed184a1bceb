import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { HtmlDocument } from './html-document';

/** The manifest key of the Devanagari font's stylesheet (vite.config.ts), linked on Hindi pages only. */
const DEVANAGARI_STYLES = 'styles/devanagari.css';

/**
 * The stylesheet a language's pages add to the template's: the Devanagari font for Hindi,
 * with its two woff2 files preloaded (regular and semibold, both above the fold): found only through
 * the stylesheet they arrived after the first paint, and the swap shifted the page (Lighthouse's
 * layout-shift audit on /hi/).
 */
export function languageStylesheet(clientDir: string, language: string): string {
  if (language !== 'hi') return '';
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return '';
  const entry = (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>)[DEVANAGARI_STYLES];
  if (!entry) return '';
  const fonts = (entry.assets ?? []).filter((file) => file.endsWith('.woff2'));
  return [
    ...fonts.map((file) => `<link rel="preload" href="/${file}" as="font" type="font/woff2" crossorigin>`),
    `<link rel="stylesheet" href="/${entry.file}">`,
  ].join('');
}

/**
 * An HTML page set in `language`: `<html lang="hi">`, with the language's stylesheet, without the
 * preload of the language switch's font (vite.config.ts): only English pages draw "हिन्दी".
 */
export function withLanguage(html: string, language: string, stylesheet: string): string {
  return html
    .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
    .replace(/\s*<link rel="preload" href="\/assets\/language-names-[^"]*\.woff2"[^>]*>/, '')
    .replace('</head>', `${stylesheet}</head>`);
}

/** What the SSR bundle (src/web/entry-server.tsx, built to dist/ssr) exports. */
interface SsrEntry {
  render(
    request: Request,
    apiFetch: (path: string, init: RequestInit) => Promise<Response>,
  ): Promise<
    | { kind: 'redirect'; status: number; location: string }
    | { kind: 'page'; status: number; language: string; head: string; body: string; data: string; files: string[]; later: string[]; entry: 'landing' | 'app' }
  >;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  assets?: string[];
  imports?: string[];
}

export type RenderedPage = { status: number; document: HtmlDocument } | { status: number; location: string };

/** The manifest keys of the browser's two starts (src/web/main.tsx picks one). */
const APP_START = 'start-app.tsx';
const LANDING_START = 'start-landing.tsx';
/** START_META in src/web/main.tsx. */
const START_META = 'abode-start';

/**
 * Renders server-side pages into the client's index.html: the page's markup, its head elements,
 * its loader data for hydration, and links to the CSS of the matched route modules.
 */
export class PageRenderer {
  private constructor(
    private readonly app: FastifyInstance,
    private readonly entry: SsrEntry,
    private readonly template: string,
    private readonly manifest: Record<string, ManifestChunk>,
    /** The template of each language other than English. */
    private readonly templates: Readonly<Record<string, string>>,
  ) {}

  static async load(app: FastifyInstance, clientDir: string, ssrDir: string): Promise<PageRenderer | null> {
    const entryFile = path.join(ssrDir, 'entry-server.js');
    const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
    const templateFile = path.join(clientDir, 'index.html');
    if (![entryFile, manifestFile, templateFile].every((f) => existsSync(f))) return null;
    const entry = (await import(pathToFileURL(entryFile).href)) as SsrEntry;
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
    // A server-rendered page starts its app only after it has loaded (src/web/main.tsx): it preloads
    // the entry's own chunks but not the app's, which would compete with its stylesheets and images.
    const entryChunks = new Set((manifest['index.html']?.imports ?? []).map((key) => manifest[key]?.file));
    const template = readFileSync(templateFile, 'utf8').replace(/\s*<link rel="modulepreload" crossorigin href="\/([^"]+)">/g, (link, file: string) =>
      entryChunks.has(file) ? link : '',
    );
    return new PageRenderer(app, entry, template, manifest, { hi: withLanguage(template, 'hi', languageStylesheet(clientDir, 'hi')) });
  }

  /**
   * Renders the page at `pagePath` (a parsed path, with the query the page reads) as served from
   * `origin` (canonical links use it). Concatenated, not resolved: `new URL('//x/', origin)` is x.
   */
  async render(pagePath: string, origin: string): Promise<RenderedPage> {
    if (!pagePath.startsWith('/') || /^\/[/\\]/.test(pagePath)) throw new Error(`not a path on this site: ${pagePath}`);
    const result = await this.entry.render(new Request(`${origin}${pagePath}`), (apiPath, init) => this.callApi(apiPath, init));
    if (result.kind === 'redirect') return { status: result.status, location: result.location };

    // The landing page starts without the router (src/web/start-landing.tsx), and fetches the app once idle.
    const landing = result.entry === 'landing';
    const links =
      this.assetLinks(landing ? [LANDING_START, ...result.files] : result.files) +
      this.laterFiles([landing ? LANDING_START : APP_START, ...result.files], landing ? [APP_START, ...result.later] : result.later) +
      // src/web/main.tsx reads how to start the page.
      (landing ? `<meta name="${START_META}" content="landing">` : '');
    // The page's language: the template is English's.
    let html = this.templates[result.language] ?? this.template;
    if (result.head.includes('<title>')) html = html.replace(/<title>[\s\S]*?<\/title>\s*/, '');
    if (result.head.includes('name="description"')) html = html.replace(/<meta name="description"[^>]*>\s*/, '');
    html = html
      .replace('</head>', `${result.head}${links}</head>`)
      .replace('<div id="root"></div>', `<div id="root">${result.body}</div><script type="application/json" id="__abode_data">${result.data}</script>`);
    return { status: result.status, document: new HtmlDocument(html) };
  }

  /** Page loaders call the API in-process: same routes, validation and answers, no network. */
  private async callApi(apiPath: string, init: RequestInit): Promise<Response> {
    const res = await this.app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: apiPath,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      payload: typeof init.body === 'string' ? init.body : undefined,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(res.statusCode === 204 ? null : res.body, { status: res.statusCode, headers });
  }

  /** The chunks and stylesheets of these modules and of the chunks they import. */
  private assets(keys: string[]): { js: Set<string>; css: Set<string> } {
    const js = new Set<string>();
    const css = new Set<string>();
    const visit = (key: string) => {
      const chunk = this.manifest[key];
      if (!chunk || js.has(chunk.file)) return;
      js.add(chunk.file);
      chunk.css?.forEach((c) => css.add(c));
      chunk.imports?.forEach(visit);
    };
    keys.forEach(visit);
    return { js, css };
  }

  /** Stylesheets of the matched route modules and of the chunks they import. */
  private assetLinks(files: string[]): string {
    const { css } = this.assets(files);
    // The template already links the entry's CSS.
    for (const [, asset] of this.template.matchAll(/"\/(assets\/[^"]+)"/g)) css.delete(asset!);
    return [...css].map((c) => `<link rel="stylesheet" href="/${c}">`).join('');
  }

  /**
   * The files of the modules the page fetches once idle (src/web/features/responses/survey-preload.ts),
   * less those it loads anyway, as a list the page reads: the browser gets them without running them.
   */
  private laterFiles(files: string[], later: string[]): string {
    if (later.length === 0) return '';
    const own = this.assets(['index.html', ...files]);
    const { js, css } = this.assets(later);
    const wanted = [...js, ...css].filter((file) => !own.js.has(file) && !own.css.has(file));
    return wanted.length ? `<meta name="abode-prefetch" content="${wanted.map((f) => `/${f}`).join(' ')}">` : '';
  }
}
