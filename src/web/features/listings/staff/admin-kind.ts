import type { ColumnsType } from 'antd/es/table';
import type { z } from 'zod';
import type { ListingItems, ListingKind } from '../../../../shared/listings/listings.contract';

export interface AdminField {
  name: string;
  label: string;
  input: 'text' | 'textarea' | 'number' | 'rupees' | 'date' | 'url';
  /** The field's schema from src/shared/listings: the form shows the server's messages. */
  schema: z.ZodType;
  required: boolean;
  placeholder?: string;
}

/** What one kind's admin page shows: its form fields and its table columns. */
export interface AdminKind<K extends ListingKind> {
  kind: K;
  /** "Projects" */
  title: string;
  /** "project", as in "Add project" */
  singular: string;
  /** "projects", as in "All projects" */
  plural: string;
  fields: AdminField[];
  columns: ColumnsType<ListingItems[K]>;
  nameOf(item: ListingItems[K]): string;
}
