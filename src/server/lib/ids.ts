import { v7 } from 'uuid';

/** Opaque, time-ordered ids (UUIDv7), exposed in the API as `_id`. */
export function newId(): string {
  return v7();
}
