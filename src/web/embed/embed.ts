// embed.js (decision 0034, README "Embedding a survey on another site"): the script a partner site
// pastes where a channel's survey should show,
//   <script src="https://studio.example/embed.js" data-abode-channel="<code>" async></script>
// (optionally data-abode-lang="hi" for the survey in Hindi, data-abode-title for the frame's name).
// It puts the channel's embed page in an iframe right after the script tag, sizes the iframe to the
// page's content (`abode:resize`, accepted from Abode's origin and that iframe only), and passes the
// frame's `abode:completed` on as a DOM event on the script tag (the message itself reaches the host
// page's window too). Built by scripts/build.mjs (esbuild, minified) to dist/client/embed.js; its size
// budget is 5 KB gzip (tests/e2e/bundle-budgets.e2e.ts). No dependency: it runs on other sites.
import { EMBED_COMPLETED, EMBED_MAX_HEIGHT, EMBED_RESIZE } from '#shared/channels/embed';

const CODE = /^[a-z0-9]{1,20}$/;
/** The frame's height until its page says how tall it is. */
const FIRST_HEIGHT = 640;

function embed(script: HTMLScriptElement): void {
  if (script.dataset.abodeReady) return;
  script.dataset.abodeReady = '1';
  const code = (script.dataset.abodeChannel ?? '').trim().toLowerCase();
  if (!CODE.test(code)) {
    console.error('Abode embed: data-abode-channel must be a channel code, such as data-abode-channel="a2b3c4d".');
    return;
  }
  let origin: string;
  try {
    origin = new URL(script.src, document.baseURI).origin;
  } catch {
    return;
  }
  const hindi = script.dataset.abodeLang === 'hi';
  const frame = document.createElement('iframe');
  frame.src = `${origin}${hindi ? '/hi' : ''}/embed/${code}`;
  frame.title = script.dataset.abodeTitle || (hindi ? 'सर्वे' : 'Survey');
  frame.setAttribute('loading', 'lazy');
  frame.style.cssText = `display:block;width:100%;max-width:100%;border:0;height:${FIRST_HEIGHT}px`;
  script.parentNode?.insertBefore(frame, script.nextSibling);

  window.addEventListener('message', (event: MessageEvent) => {
    // Only Abode's page in this very frame speaks to this script.
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    const message: unknown = event.data;
    if (!message || typeof message !== 'object') return;
    const { type, height, channel } = message as { type?: unknown; height?: unknown; channel?: unknown };
    if (type === EMBED_RESIZE && typeof height === 'number' && Number.isFinite(height) && height > 0) {
      frame.style.height = `${Math.min(Math.ceil(height), EMBED_MAX_HEIGHT)}px`;
    } else if (type === EMBED_COMPLETED && channel === code) {
      script.dispatchEvent(new CustomEvent(EMBED_COMPLETED, { bubbles: true, detail: message }));
    }
  });
}

const current = document.currentScript;
if (current instanceof HTMLScriptElement && current.dataset.abodeChannel !== undefined) embed(current);
else document.querySelectorAll<HTMLScriptElement>('script[data-abode-channel]').forEach(embed);
