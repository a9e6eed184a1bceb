import type { Kysely } from 'kysely';
import type { Config } from '#server/config';
import { readContentVersion } from '#server/db/content-version';
import type { Database } from '#server/db/schema';
import type { MailSettings } from '#server/features/notifications';
import {
  DEFAULT_ASSIGNMENT,
  DEFAULT_FOLLOW_UP,
  DEFAULT_RETENTION_UNFINISHED_DAYS,
  DEFAULT_TIME_ZONE,
  defaultNotices,
  siteOf,
  type NoticeTexts,
  type StudioSettings,
} from '#shared/settings/settings.contract';
import type { SiteSettings } from '#shared/site';
import { changedFields, recordAudit, type AuditActor } from '#server/features/audit';
import { recordNoticeTexts } from '#server/features/consent';

/** The settings as one level of fields ("social.instagram", "notices.landing"), for the audit's changed-field names. */
function flatSettings(values: object, prefix = ''): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) Object.assign(flat, flatSettings(value, `${prefix}${key}.`));
    else flat[`${prefix}${key}`] = Array.isArray(value) ? JSON.stringify(value) : value;
  }
  return flat;
}
import { readSettingsRow, writeSettingsRow } from './settings.repository';

/** The settings as saved: everything but the version and time. */
export type SettingsValues = Omit<StudioSettings, 'version' | 'updatedAt'>;
/** What a save takes: the speed-to-lead parts and the Hindi notices may be left out (kept as they are). */
export type SettingsSave = Omit<SettingsValues, 'assignment' | 'followUp' | 'noticesHi'> &
  Partial<Pick<SettingsValues, 'assignment' | 'followUp' | 'noticesHi'>>;

const sameTexts = (a: NoticeTexts, b: NoticeTexts) => a.landing === b.landing && a.contact === b.contact;

/**
 * The Hindi notices a save keeps when it sends none (a client of the specified fields only): the
 * ones saved; while they are still the first texts, the first texts of the studio as now saved
 * (they name its e-mail, as the English ones do).
 */
function keptHindiNotices(before: StudioSettings, after: { name: string; email: string }): NoticeTexts {
  return sameTexts(before.noticesHi, defaultNotices(before, 'hi')) ? defaultNotices(after, 'hi') : before.noticesHi;
}

/**
 * The speed-to-lead settings read through `db`, which may be an open transaction: a new
 * lead's assignee is chosen in the transaction that creates it.
 */
export async function readFollowUpSettings(db: Kysely<Database>): Promise<Pick<StudioSettings, 'assignment' | 'followUp' | 'timeZone'>> {
  const row = await readSettingsRow(db);
  const saved = row ? (JSON.parse(row.data) as Partial<SettingsValues>) : {};
  return { assignment: saved.assignment ?? DEFAULT_ASSIGNMENT, followUp: saved.followUp ?? DEFAULT_FOLLOW_UP, timeZone: saved.timeZone ?? DEFAULT_TIME_ZONE };
}

/** The first values, before any save: the environment's (STUDIO_*, NOTIFY_EMAILS) and the defaults. */
export function settingsFromConfig(config: Config): StudioSettings {
  const { studio } = config;
  return {
    ...studio,
    social: { ...studio.social },
    timeZone: DEFAULT_TIME_ZONE,
    notifyEmails: [...config.notify.notifyEmails],
    notices: defaultNotices(studio),
    noticesHi: defaultNotices(studio, 'hi'),
    retentionUnfinishedDays: DEFAULT_RETENTION_UNFINISHED_DAYS,
    retentionLeadDays: null,
    assignment: DEFAULT_ASSIGNMENT,
    followUp: DEFAULT_FOLLOW_UP,
    version: 1,
    updatedAt: null,
  };
}

/** The address part of a sender such as `"Abode Studio" <hello@abode.studio>`. */
export function senderAddress(from: string): string {
  return /<([^>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();
}

/**
 * The studio's settings for this instance. Kept in memory and checked against the content version
 * (db/content-version.ts), which every staff write — a save of the settings too — increases: a
 * change made through any instance is seen by the next read on every other one.
 */
export class SettingsService {
  #cached: { contentVersion: number; settings: StudioSettings } | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: Config,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** What each open transaction has read: the jobs of one SQLite batch share it (db/group-commit.ts). */
  readonly #inTransaction = new WeakMap<Kysely<Database>, Promise<StudioSettings>>();

  /**
   * The settings now in force (one primary-key read when nothing changed), read through `db` when
   * given: a write's transaction reads them without waiting for the connection it holds, once for
   * all the jobs that share it (the jobs of a batch are concurrent requests, in any order).
   */
  current(db: Kysely<Database> = this.db): Promise<StudioSettings> {
    if (db === this.db) return this.#read(db);
    let read = this.#inTransaction.get(db);
    if (!read) {
      read = this.#read(db);
      this.#inTransaction.set(db, read);
      read.catch(() => this.#inTransaction.delete(db));
    }
    return read;
  }

  async #read(db: Kysely<Database>): Promise<StudioSettings> {
    const contentVersion = await readContentVersion(db);
    if (this.#cached?.contentVersion === contentVersion) return this.#cached.settings;
    const settings = await this.#load(db);
    this.#cached = { contentVersion, settings };
    return settings;
  }

  /** The public details (GET /api/site). */
  async site(): Promise<SiteSettings> {
    return siteOf(await this.current());
  }

  /** What the next e-mail takes: the studio's details, the recipients, and the sender's name. */
  async mail(): Promise<MailSettings> {
    const settings = await this.current();
    const name = settings.name.replace(/["\\\r\n<>]/g, '').trim();
    return { studio: siteOf(settings), notifyEmails: settings.notifyEmails, from: `"${name}" <${senderAddress(this.config.notify.mailFrom)}>` };
  }

  /** Saves the whole settings object (validated by the route); answers it as saved. */
  async save(values: SettingsSave, actor: AuditActor): Promise<StudioSettings> {
    const before = await this.current();
    const data: SettingsValues = {
      name: values.name,
      address: values.address,
      phone: values.phone,
      whatsapp: values.whatsapp,
      email: values.email,
      mapUrl: values.mapUrl,
      social: { instagram: values.social.instagram, facebook: values.social.facebook, linkedin: values.social.linkedin },
      timeZone: values.timeZone,
      notifyEmails: values.notifyEmails,
      notices: { landing: values.notices.landing, contact: values.notices.contact },
      noticesHi: values.noticesHi ? { landing: values.noticesHi.landing, contact: values.noticesHi.contact } : keptHindiNotices(before, values),
      retentionUnfinishedDays: values.retentionUnfinishedDays,
      retentionLeadDays: values.retentionLeadDays,
      assignment: values.assignment ?? before.assignment,
      followUp: values.followUp ?? before.followUp,
    };
    const at = this.now();
    // The change, its audit entry (which fields, never their values) and a new version of each
    // notice whose text changed (old versions kept) are stored together.
    const version = await this.db.transaction().execute(async (trx) => {
      const saved = await writeSettingsRow(trx, JSON.stringify(data), actor?.sub ?? null, at);
      await recordNoticeTexts(trx, data);
      const after = flatSettings(data);
      const fields = changedFields(flatSettings(before), after, Object.keys(after));
      await recordAudit(trx, { actor, kind: 'settings.updated', recordType: 'settings', recordId: null, fields });
      return saved;
    });
    // The content version is raised after the answer is ready (lib/content-cache.ts): until then
    // this instance must not keep what it read before.
    this.#cached = undefined;
    return { ...data, version, updatedAt: at.toISOString() };
  }

  async #load(db: Kysely<Database>): Promise<StudioSettings> {
    const row = await readSettingsRow(db);
    const first = settingsFromConfig(this.config);
    if (!row) return first;
    // Fields added after a save take their first value.
    const saved = JSON.parse(row.data) as Partial<SettingsValues>;
    const merged = { ...first, ...saved };
    // Saved before the Hindi notices existed: the first Hindi texts, with the studio's saved details.
    return { ...merged, noticesHi: saved.noticesHi ?? defaultNotices(merged, 'hi'), version: row.version, updatedAt: row.updatedAt };
  }
}
