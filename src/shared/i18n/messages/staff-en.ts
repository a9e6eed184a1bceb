// The staff pages' texts: one keyed catalogue, English, the studio's staff language.
// Loaded by the staff pages' chunks only (never by a public page), parsed at build time as the
// visitor catalogues are (vite.config.ts, precompiledCatalogues). A second staff language is this
// file translated. tests/unit/staff-catalogue.test.ts fails on an English text written in a staff
// module, and on a key no module uses. Each area keeps its texts in a file of its own (staff-en-*.ts),
// gathered here.
// The first page's part (staff-en-core.ts) and the rest (staff-en-rest.ts), loaded apart in the browser.
import { staffCore } from './staff-en-core';
import { staffRest } from './staff-en-rest';

export const staffEn = {
  ...staffRest,
  ...staffCore,
} as const;

export type StaffMessageKey = keyof typeof staffEn;
