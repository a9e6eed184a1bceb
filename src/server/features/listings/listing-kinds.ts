import type { InsertType, Kysely, SelectType } from 'kysely';
import type { z } from 'zod';
import {
  formatListingDate,
  listingIds,
  listingSchemas,
  newProduct,
  newProject,
  newStudio,
  parseListingDate,
  productUpdate,
  projectUpdate,
  studioUpdate,
  type ListingFields,
  type ListingItems,
  type ListingKind,
} from '#shared/listings/listings.contract';
import type { ListingFile, ListingPhoto } from '#shared/listings/listing-photos';
import { foldForSearch } from '#shared/listings/listing-filters';
import { bedroomsOf } from '#shared/matching/listing-match';
import type { Database } from '#server/db/schema';
import { imageUrl } from '#server/features/media';
import { replaceProductTags } from './listing-filters.repository';
import type { ListingFieldColumns, StoredListingRow } from './listings.repository';
import type { ListingColumns, ListingTableName, ListingTables } from './listings.tables';

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
  /** Columns the filters read that are not fields (`bhk`): computed from the fields on every write, never sent. */
  derivedColumns: readonly string[];
  derive(input: I): ListingFieldColumns;
  /** Rows kept beside the record for its filters (a product's tags), written in the same transaction. */
  afterWrite(db: Kysely<Database>, id: string, input: I): Promise<void>;
  toItem(row: StoredListingRow, extras?: ListingExtras): ListingItems[K];
}

/** What an item carries besides its own row: its photos, and a project's floor plan. */
export interface ListingExtras {
  photos: ListingPhoto[];
  floorPlan: ListingFile | null;
}
const NO_EXTRAS: ListingExtras = { photos: [], floorPlan: null };

/** What both drivers store and give back as they are (SQLite and PostgreSQL). */
type Stored = string | number | null;

type FieldName<T extends ListingTableName> = Exclude<keyof ListingTables[T], keyof ListingColumns>;
type ColumnWrite<T extends ListingTableName, C extends keyof ListingTables[T]> = Exclude<InsertType<ListingTables[T][C]>, undefined>;
type ColumnRead<T extends ListingTableName, C extends keyof ListingTables[T]> = SelectType<ListingTables[T][C]>;

/** How a field whose column differs from it is written, and read back into the item. */
interface Codec<Field, Write, Read, Item> {
  toColumn(value: Field): Write;
  toItem(value: Read): Item;
}

/** A field is copied by name when its value fits its column, the column stores it as is, and what is read back fits the item. */
type IsPlain<T extends ListingTableName, F, I, K extends keyof F> = K extends FieldName<T> & keyof I
  ? [F[K]] extends [ColumnWrite<T, K>]
    ? [ColumnWrite<T, K>] extends [Stored]
      ? [ColumnRead<T, K>] extends [I[K]]
        ? true
        : false
      : false
    : false
  : false;

/**
 * A kind's codecs, one per field (of its contract, src/shared/listings) that is not copied as is.
 * A field whose value does not fit its column (tags, a list, kept as JSON text) must have one: a
 * type error until it does; so must one without a column or whose column no driver stores as is.
 */
type Codecs<T extends ListingTableName, F, I> = {
  [K in keyof F as IsPlain<T, F, I, K> extends true ? K : never]?: K extends FieldName<T> & keyof I
    ? Codec<F[K], ColumnWrite<T, K>, ColumnRead<T, K>, I[K]>
    : never;
} & {
  [K in keyof F as IsPlain<T, F, I, K> extends true ? never : K]-?: K extends keyof I
    ? K extends FieldName<T>
      ? [ColumnWrite<T, K>] extends [Stored]
        ? Codec<F[K], ColumnWrite<T, K>, ColumnRead<T, K>, I[K]>
        : `store ${K & string} as text or a number: give it its own column type in listings.tables.ts`
      : `add the column ${K & string} to ${T} in listings.tables.ts (and a migration)`
    : `add ${K & string} to the kind's item schema in listings.contract.ts`;
};

/** A table's columns that are not its kind's fields: each must be derived from the fields (a type error until it is). */
type Derivations<T extends ListingTableName, K extends ListingKind, I> = {
  [C in Exclude<FieldName<T>, keyof ListingFields[K]>]-?: (input: I) => Extract<ColumnWrite<T, C>, Stored>;
};

/**
 * A kind's descriptor from its contract: every field of `listingSchemas[kind].fields` is copied to
 * its column and back by name, in the contract's order, unless it has a codec. A new plain field
 * needs nothing here.
 */
function listingKind<K extends ListingKind, T extends ListingTableName, I extends ListingInput>(spec: {
  kind: K;
  label: string;
  table: T;
  newSchema: z.ZodType<I>;
  updateSchema: z.ZodType<I>;
  codecs: Codecs<T, ListingFields[K], ListingItems[K]>;
  derived: Derivations<T, K, I>;
  afterWrite?: (db: Kysely<Database>, id: string, input: I) => Promise<void>;
}): ListingKindSpec<K, I> {
  const { kind, label, table, newSchema, updateSchema } = spec;
  const derived: Record<string, (input: I) => Stored> = spec.derived;
  const { fields, item } = listingSchemas[kind];
  const names = Object.keys(fields.shape);
  // The types above checked each field against its column and its item; here they are walked by name.
  const codecs: Partial<Record<string, Codec<unknown, Stored, unknown, unknown>>> = spec.codecs;
  return {
    kind,
    label,
    table,
    ...listingIds[kind],
    newSchema,
    updateSchema,
    itemSchema: item,
    toColumns(input) {
      const columns: ListingFieldColumns = {};
      for (const name of names) {
        const codec = codecs[name];
        columns[name] = codec ? codec.toColumn(input[name]) : (input[name] as Stored);
      }
      return columns;
    },
    derivedColumns: Object.keys(derived),
    derive(input) {
      const columns: ListingFieldColumns = {};
      for (const [name, derive] of Object.entries(derived)) columns[name] = derive(input);
      return columns;
    },
    afterWrite: spec.afterWrite ?? (async () => undefined),
    toItem({ id, imageHash, filename, fields: row, createdAt, updatedAt }, extras = NO_EXTRAS) {
      // In the order the API has always sent: _id, the fields, image, filename.
      const result: Record<string, unknown> = { _id: id };
      for (const name of names) {
        const codec = codecs[name];
        result[name] = codec ? codec.toItem(row[name]) : row[name];
      }
      result.image = imageUrl(imageHash);
      result.filename = filename;
      result.createdAt = createdAt;
      result.updatedAt = updatedAt;
      result.photos = extras.photos;
      if (kind === 'project') result.floorPlan = extras.floorPlan;
      return result as ListingItems[K];
    },
  };
}

/** Tags and amenities are kept as a JSON array of strings. */
function tagsOf(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json || '[]');
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

const project = listingKind({
  kind: 'project',
  label: 'Project',
  table: 'projects',
  newSchema: newProject,
  updateSchema: projectUpdate,
  codecs: {
    // Stored as YYYY-MM-DD so it sorts; the schema has already checked it is a real date.
    dateofcomplition: { toColumn: (date) => parseListingDate(date)!, toItem: formatListingDate },
    amenities: { toColumn: (amenities) => JSON.stringify(amenities), toItem: tagsOf },
  },
  // "Ready by" compares `dateofcomplition` itself: it is stored as YYYY-MM-DD, which orders as the dates do.
  derived: { bhk: (input) => bedroomsOf(input.sizeofunit) },
});

const product = listingKind({
  kind: 'product',
  label: 'Product',
  table: 'products',
  newSchema: newProduct,
  updateSchema: productUpdate,
  codecs: { tags: { toColumn: (tags) => JSON.stringify(tags), toItem: tagsOf } },
  derived: { searchText: (input) => foldForSearch([input.productname, input.description, ...input.tags].join(' ')) },
  afterWrite: (db, id, input) => replaceProductTags(db, id, input.tags),
});

const studio = listingKind({
  kind: 'studio',
  label: 'Studio record',
  table: 'studios',
  newSchema: newStudio,
  updateSchema: studioUpdate,
  codecs: {},
  derived: {},
});

export const listingKinds: { [K in ListingKind]: ListingKindSpec<K> } = { project, product, studio };
