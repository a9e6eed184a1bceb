import type { InsertType } from 'kysely';
import { z } from 'zod';
import {
  formatListingDate,
  listingIds,
  newProduct,
  newProject,
  newStudio,
  parseListingDate,
  productUpdate,
  projectUpdate,
  studioUpdate,
  type ListingItems,
  type ListingKind,
  type ProductFields,
  type ProjectFields,
  type StudioFields,
} from '../../../shared/listings/listings.contract';
import { imageUrl } from '../media/media.service';
import type { ListingFieldColumns, ListingRow } from './listings.repository';
import type { ListingTableName, ListingTables } from './listings.tables';

/** What a form carries once validated: the kind's fields and the uploaded file's name. */
export type ListingInput = { filename: string } & Record<string, string | number | null | string[]>;

/**
 * Everything that differs between projects, products and studio records. The routes, service and
 * repository are written once and read these.
 */
export interface ListingKindSpec<K extends ListingKind = ListingKind, I extends ListingInput = ListingInput> {
  kind: K;
  /** Used in success messages: "Project added successfully." */
  label: string;
  table: ListingTableName;
  /** The update form's id field (projectId, productId, recordId) and the answer for an unknown id. */
  idField: (typeof listingIds)[K]['idField'];
  notFound: string;
  newSchema: z.ZodType<I>;
  updateSchema: z.ZodType<I>;
  itemSchema: z.ZodType<ListingItems[K]>;
  // A method, so each kind can take its own input type here.
  toColumns(input: I): ListingFieldColumns;
  toItem(row: ListingRow): ListingItems[K];
}

/**
 * A kind's columns, one per field of its contract (src/shared/listings): a field added there and
 * not mapped here, or without its column in listings.tables.ts (and so a migration), is a type error.
 */
type FieldColumns<T extends ListingTableName, F> = {
  [K in keyof F]-?: K extends keyof ListingTables[T]
    ? Exclude<InsertType<ListingTables[T][K]>, undefined>
    : `add the column ${K & string} to ${T} in listings.tables.ts (and a migration)`;
};

const common = { _id: z.string(), image: z.string(), filename: z.string() };
const str = (v: string | number | null | undefined) => String(v ?? '');
const num = (v: string | number | null | undefined) => Number(v ?? 0);
const numOrNull = (v: string | number | null | undefined) => (v === null || v === undefined ? null : Number(v));
/** Tags are kept as a JSON array of strings. */
const tagsOf = (v: string | number | null | undefined): string[] => {
  try {
    const parsed: unknown = JSON.parse(String(v ?? '[]'));
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
};

const project: ListingKindSpec<'project', z.output<typeof newProject>> = {
  kind: 'project',
  label: 'Project',
  table: 'projects',
  ...listingIds.project,
  newSchema: newProject,
  updateSchema: projectUpdate,
  itemSchema: z.object({
    ...common,
    name: z.string(),
    area: z.string(),
    squareft: z.number(),
    dateofcomplition: z.string(),
    sizeofunit: z.string(),
    gmaplink: z.string(),
    price: z.number().nullable(),
  }),
  toColumns: (input): FieldColumns<'projects', ProjectFields> => ({
    name: input.name,
    area: input.area,
    squareft: input.squareft,
    // Stored as YYYY-MM-DD so it sorts; the schema has already checked it is a real date.
    dateofcomplition: parseListingDate(input.dateofcomplition)!,
    sizeofunit: input.sizeofunit,
    gmaplink: input.gmaplink,
    price: input.price,
  }),
  toItem: ({ id, imageHash, filename, fields: f }) => ({
    _id: id,
    name: str(f.name),
    area: str(f.area),
    squareft: num(f.squareft),
    dateofcomplition: formatListingDate(str(f.dateofcomplition)),
    sizeofunit: str(f.sizeofunit),
    gmaplink: str(f.gmaplink),
    price: numOrNull(f.price),
    image: imageUrl(imageHash),
    filename,
  }),
};

const product: ListingKindSpec<'product', z.output<typeof newProduct>> = {
  kind: 'product',
  label: 'Product',
  table: 'products',
  ...listingIds.product,
  newSchema: newProduct,
  updateSchema: productUpdate,
  itemSchema: z.object({ ...common, productname: z.string(), description: z.string(), price: z.number(), tags: z.array(z.string()) }),
  toColumns: (input): FieldColumns<'products', ProductFields> => ({ productname: input.productname, description: input.description, price: input.price, tags: JSON.stringify(input.tags) }),
  toItem: ({ id, imageHash, filename, fields: f }) => ({
    _id: id,
    productname: str(f.productname),
    description: str(f.description),
    price: num(f.price),
    tags: tagsOf(f.tags),
    image: imageUrl(imageHash),
    filename,
  }),
};

const studio: ListingKindSpec<'studio', z.output<typeof newStudio>> = {
  kind: 'studio',
  label: 'Studio record',
  table: 'studios',
  ...listingIds.studio,
  newSchema: newStudio,
  updateSchema: studioUpdate,
  itemSchema: z.object({ ...common, title: z.string(), address: z.string(), gmaplink: z.string() }),
  toColumns: (input): FieldColumns<'studios', StudioFields> => ({ title: input.title, address: input.address, gmaplink: input.gmaplink }),
  toItem: ({ id, imageHash, filename, fields: f }) => ({
    _id: id,
    title: str(f.title),
    address: str(f.address),
    gmaplink: str(f.gmaplink),
    image: imageUrl(imageHash),
    filename,
  }),
};

export const listingKinds: { [K in ListingKind]: ListingKindSpec<K> } = { project, product, studio };
