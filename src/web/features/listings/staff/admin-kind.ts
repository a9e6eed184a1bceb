import type { ColumnsType } from 'antd/es/table';
import type { z } from 'zod';
import type { StaffMessageKey } from '#shared/i18n/messages/staff-en';
import { listingSchemas, type ListingFields, type ListingItems, type ListingKind } from '#shared/listings/listings.contract';

/** How the form shows one field; its label and placeholder are keys of the staff catalogue. */
export interface AdminFieldSpec {
  label: StaffMessageKey;
  input: 'text' | 'textarea' | 'number' | 'rupees' | 'date' | 'url';
  required: boolean;
  placeholder?: StaffMessageKey;
  /** The language of what is typed, when it is not the page's (a Hindi version: `hi`). */
  lang?: 'hi';
}

export interface AdminField extends AdminFieldSpec {
  name: string;
  /** The field's schema from src/shared/listings: the form shows the server's messages. */
  schema: z.ZodType;
}

/**
 * Every field of the kind's contract, in the order the form shows them: a field added to the
 * contract is a type error here until the form has it.
 */
export type AdminFields<K extends ListingKind> = { [N in keyof ListingFields[K]]-?: AdminFieldSpec };

/** What one kind's admin page shows: its form fields and its table columns. Its names are keys of the staff catalogue. */
export interface AdminKind<K extends ListingKind> {
  kind: K;
  /** "Projects" */
  title: StaffMessageKey;
  /** "project", as in "Add project" */
  singular: StaffMessageKey;
  /** "projects", as in "All projects" */
  plural: StaffMessageKey;
  fields: AdminFields<K>;
  columns: ColumnsType<ListingItems[K]>;
  nameOf(item: ListingItems[K]): string;
}

/** The form's fields in order, each with its schema from the contract. */
export function adminFields<K extends ListingKind>(config: AdminKind<K>): AdminField[] {
  const { shape } = listingSchemas[config.kind].fields;
  return Object.entries<AdminFieldSpec>(config.fields).map(([name, spec]) => ({ ...spec, name, schema: shape[name] as z.ZodType }));
}
