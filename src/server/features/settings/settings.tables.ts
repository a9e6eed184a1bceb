import type { Timestamp } from '#server/db/column-types';

/** The studio's settings: one row (id 1), the whole object as JSON (settings.contract.ts). */
export interface SettingsTables {
  studioSettings: {
    id: number;
    version: number;
    /** JSON of the settings without version and time. */
    data: string;
    updatedAt: Timestamp;
    updatedBy: string | null;
  };
}
