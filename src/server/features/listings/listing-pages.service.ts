import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { loadQrCode } from '#server/lib/lazy-modules';
import { SIMILAR_MAX } from '#shared/listings/listing-pages.api';
import type { Product, Project } from '#shared/listings/listings.contract';
import { reraQrText } from '#shared/listings/rera';
import type { Database } from '#server/db/schema';
import { notFound } from '#server/lib/errors';
import { listingKinds } from './listing-kinds';
import { getItem } from './listings.service';
import { similarProducts, similarProjects } from './similar-listings.repository';

/** What a home's or decor piece's page shows besides the listing itself. */

/** Up to four homes like this one; 404 for an unknown id. */
export async function similarHomes(db: Kysely<Database>, id: string): Promise<Project[]> {
  const spec = listingKinds.project;
  const home = await getItem(db, spec, id);
  const rows = await similarProjects(db, { id, area: home.area, sizeofunit: home.sizeofunit, price: home.price }, SIMILAR_MAX);
  return rows.map((row) => spec.toItem(row));
}

/** Up to four decor pieces like this one; 404 for an unknown id. */
export async function similarDecor(db: Kysely<Database>, id: string): Promise<Product[]> {
  const spec = listingKinds.product;
  const piece = await getItem(db, spec, id);
  const rows = await similarProducts(db, { id, tags: piece.tags, price: piece.price }, SIMILAR_MAX);
  return rows.map((row) => spec.toItem(row));
}

export const NO_RERA = 'This project has no RERA registration number.';

/** A home's RERA QR code as SVG (what it holds: reraQrText), with an ETag of its number. */
export async function reraQrSvg(db: Kysely<Database>, id: string): Promise<{ svg: string; etag: string }> {
  const home = await getItem(db, listingKinds.project, id);
  if (!home.rera) throw notFound(NO_RERA);
  const text = reraQrText(home.rera);
  // Error correction M (15 %) survives a printed or photographed page; a margin of 2 modules is
  // enough on the white card it is shown on.
  const svg = await (await loadQrCode()).toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#0b2545', light: '#ffffff' } });
  return { svg, etag: `W/"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"` };
}
