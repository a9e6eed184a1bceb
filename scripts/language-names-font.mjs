// Writes src/web/styles/fonts/language-names.woff2 (docs/decisions/0026-languages.md): the
// glyphs of the language switch's names in other scripts (today "हिन्दी"), cut from the self-hosted
// Noto Sans Devanagari, so an English page shows the switch in its own script on a device without a
// Devanagari font, for a file of about 2 KB instead of the whole 50 KB face. Run it after changing a
// language's name: `node scripts/language-names-font.mjs` (tests/unit/language-names-font.test.ts
// fails while the file lacks a glyph of any name).
import { readFileSync, writeFileSync } from 'node:fs';
import subsetFont from 'subset-font';

const SOURCE = 'node_modules/@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2';
export const LANGUAGE_NAMES_FONT = 'src/web/styles/fonts/language-names.woff2';

/** Every language's name as its switch shows it, outside Latin (the catalogues' `language.switchTo`). */
export async function switchNames() {
  const { en } = await import('../src/shared/i18n/messages/en.ts');
  return [en['language.switchTo']].join('');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const text = await switchNames();
  const font = await subsetFont(readFileSync(SOURCE), text, { targetFormat: 'woff2' });
  writeFileSync(LANGUAGE_NAMES_FONT, font);
  console.log(`${LANGUAGE_NAMES_FONT}: ${font.length} bytes for "${text}"`);
}
