import type { Migration } from 'kysely';
import * as auth from './2026-11-22T0100-auth';
import * as contact from './2026-11-22T0140-contact';

// Frozen in time: add new migrations with a later timestamp; never edit one that has shipped.
export const migrations: Record<string, Migration> = {
  '2026-11-22T0100-auth': auth,
  '2026-11-22T0140-contact': contact,
};
