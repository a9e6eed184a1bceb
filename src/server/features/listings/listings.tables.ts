import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date | string, Date | string, Date | string>;

/** Columns every listing table has: its id, its image (a hash in `images`), the uploaded file's name, times. */
export interface ListingColumns {
  id: string;
  imageHash: string;
  filename: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ProjectsTable extends ListingColumns {
  name: string;
  area: string;
  squareft: number;
  /** YYYY-MM-DD (shown and sent as DD-MM-YYYY). */
  dateofcomplition: string;
  sizeofunit: string;
  /** Empty when the project has no map link. */
  gmaplink: string;
  /** Rupees; null when the studio has not given one. */
  price: number | null;
}

export interface ProductsTable extends ListingColumns {
  productname: string;
  description: string;
  price: number;
  /** JSON array of tags ("Living room", "Boho"). */
  tags: ColumnType<string, string | undefined, string>;
}

export interface StudiosTable extends ListingColumns {
  title: string;
  address: string;
  gmaplink: string;
}

export interface ListingTables {
  projects: ProjectsTable;
  products: ProductsTable;
  studios: StudiosTable;
}

export type ListingTableName = keyof ListingTables;
