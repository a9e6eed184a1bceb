import type { ColumnType } from 'kysely';
import type { Flag, Timestamp } from '#server/db/column-types';
import type { ConsentSource, NoticePurpose } from '#shared/consent/consent.contract';

export interface ConsentNoticesTable {
  id: string;
  purpose: NoticePurpose;
  /** The language of the text (decision 0027); 'en' for those kept before Hindi notices. */
  language: ColumnType<string, string | undefined, string>;
  /** 1, 2, … per purpose and language; a new one each time that language's text changes. */
  version: number;
  text: string;
  /** sha256 of the text, hex. */
  hash: string;
  createdAt: Timestamp;
}

export interface ConsentsTable {
  id: string;
  leadId: string;
  /** The e-mail record or contact message the consent came with. */
  recordId: ColumnType<string | null, string | null | undefined, string | null>;
  /** What was agreed to: the form's purpose, or 'newsletter' (granted = the box was ticked). */
  purpose: NoticePurpose;
  /** The notice shown for it: purpose, language (the page's, decision 0027), version and hash. */
  noticePurpose: NoticePurpose;
  noticeLanguage: ColumnType<string, string | undefined, string>;
  noticeVersion: number;
  noticeHash: string;
  granted: Flag;
  source: ConsentSource;
  createdAt: Timestamp;
  /**
   * A newsletter consent: when the person proved the address by opening the link mailed to it
   * (double opt-in, decision 0018); null while pending. Only a confirmed one subscribes.
   */
  confirmedAt: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
}

/** A newsletter confirmation link sent (decision 0018): single use, expiring, one a day per person. */
export interface NewsletterConfirmationsTable {
  id: string;
  leadId: string;
  /** The pending newsletter consent the link confirms. */
  consentId: string;
  /** The page's language: the mail and the link's page follow it. */
  language: string;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  usedAt: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
}

export interface UnsubscribesTable {
  id: string;
  /** The e-mail, trimmed and in lower case. */
  emailKey: string;
  leadId: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: Timestamp;
}

export interface ConsentTables {
  consentNotices: ConsentNoticesTable;
  consents: ConsentsTable;
  unsubscribes: UnsubscribesTable;
  newsletterConfirmations: NewsletterConfirmationsTable;
}
