import type { ColumnType } from 'kysely';
import type { ProductFields, ProjectFields, StudioFields } from '#shared/listings/listings.contract';
import type { Timestamp } from '#server/db/column-types';

/** Columns every listing table has: its id, its image (a hash in `images`), the uploaded file's name, times. */
export interface ListingColumns {
  id: string;
  imageHash: string;
  filename: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/*
 * A kind's columns are its contract's fields (src/shared/listings), same names and types: a field
 * added there is a column here, and needs only its migration. Where storage differs from the field,
 * the column says so below and listing-kinds.ts must give the field a codec (a type error until then).
 * Projects store `dateofcomplition` as YYYY-MM-DD (so it sorts), still a string; an empty `gmaplink`
 * is no map link; a null `price` is no price.
 */
export interface ProjectsTable extends ListingColumns, Omit<ProjectFields, 'amenities'> {
  /** JSON array of amenities. */
  amenities: ColumnType<string, string | undefined, string>;
  /** Derived on write: the bedrooms `sizeofunit` names ("4 BHK villa" → 4), null when none. */
  bhk: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ProductsTable extends ListingColumns, Omit<ProductFields, 'tags'> {
  /** JSON array of tags ("Living room", "Boho"). */
  tags: ColumnType<string, string | undefined, string>;
  /** Derived on write: name, description and tags folded for the keyword filter. */
  searchText: ColumnType<string, string | undefined, string>;
}

/** Derived on write: one row per tag of a product, for the tag filter and its choices. */
export interface ProductTagsTable {
  productId: string;
  /** As staff spelled it. */
  tag: string;
  /** Folded (listing-filters.ts `foldForSearch`): what the filter compares. */
  tagKey: string;
}

export interface StudiosTable extends ListingColumns, StudioFields {}

export interface ListingTables {
  projects: ProjectsTable;
  products: ProductsTable;
  studios: StudiosTable;
  productTags: ProductTagsTable;
}

export type ListingTableName = 'projects' | 'products' | 'studios';
