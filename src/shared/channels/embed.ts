/**
 * Embedding a channel's survey on another site (README "Embedding a survey on another site",
 * docs/decisions/0034-embed.md): the script a partner pastes, and the messages between the frame and
 * the host page. Kept free of any dependency: the script (src/web/embed/embed.ts) bundles this file.
 */

/** The script a partner pastes: `<script src="https://studio/embed.js" data-abode-channel="<code>" async></script>`. */
export const EMBED_SCRIPT_PATH = '/embed.js';

/** The frame's content height in CSS pixels, posted by the frame (Abode's origin) to the host page; embed.js sizes the iframe to it. */
export interface EmbedResizeMessage {
  type: 'abode:resize';
  height: number;
}

/** Posted by the frame to the host page once the visitor's response is stored. No personal data. */
export interface EmbedCompletedMessage {
  type: 'abode:completed';
  /** The channel's code. */
  channel: string;
  /** The language the visitor answered in. */
  language: string;
}

export const EMBED_RESIZE = 'abode:resize';
export const EMBED_COMPLETED = 'abode:completed';

/** The tallest frame embed.js sets (a runaway page cannot make the host page endless). */
export const EMBED_MAX_HEIGHT = 20_000;

/** embed.js's size budget, gzip-compressed (tests/e2e/bundle-budgets.e2e.ts, bench/bundles.ts). */
export const EMBED_SCRIPT_BUDGET_GZIP = 5 * 1024;
