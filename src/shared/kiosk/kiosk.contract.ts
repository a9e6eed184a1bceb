import { z } from 'zod';
import { noticeSchema } from '../consent/consent.contract';
import { languageField } from '../i18n/language-field';
import { toE164 } from '../phone';
import { answerField, emailField } from '#shared/responses/responses.contract';
import { safeText } from '../text-schema';

/**
 * Expo tablets: a kiosk channel's paired tablets, the answers they queue offline and send
 * when they can (one by one, in batches, or as a queue file staff upload), each stored once per the
 * id the tablet made.
 */

export const KIOSK_MESSAGES = {
  deviceName: 'Please give the tablet a name (up to 80 characters), e.g. "Expo tablet 2".',
  channelRequired: 'Please choose the channel this tablet belongs to.',
  channelUnknown: 'This channel does not exist.',
  channelNotKiosk: 'Tablets can only be added to a channel of the kind "kiosk".',
  deviceNotFound: 'This tablet does not exist.',
  deviceRevoked: 'Tablet removed. Its key no longer works.',
  deviceCreated: 'Tablet added. Scan the QR code with the tablet to pair it.',
  /** 401: no key, an unknown key or a revoked one (the same answer for all three). */
  keyInvalid: 'This tablet is not paired, or it was removed. Please pair it again from the dashboard.',
  /** 403: the key is a tablet of another channel than the one named. */
  otherChannel: "This tablet belongs to another channel: it cannot send this channel's answers.",
  id: 'The id must be the UUID the tablet made for this answer.',
  contactRequired: 'Please give an e-mail or a phone number.',
  emailRequired: 'Please give an e-mail: answers without one cannot be kept yet.',
  phoneInvalid: 'Please enter a valid phone number, for example 98450 99999 or +91 98450 99999.',
  answeredAt: 'answeredAt must be the ISO date-time (with its time zone) at which the visitor answered.',
  answeredInFuture: "answeredAt is later than now: please check the tablet's clock.",
  consent: 'consent must be { version, newsletter }: the notice version shown and whether the newsletter box was ticked.',
  campaignVersion: 'campaignVersion must be the version the kiosk configuration gave (up to 200 characters).',
  batch: 'responses must be a list of 1 to 500 answers.',
  stored: 'Answer stored.',
  duplicate: 'Already stored: nothing changed.',
  conflict: 'Another answer with this id was stored before, with different contents. Both are kept for staff to see.',
  file: 'Please choose a queue file downloaded from a tablet (.json).',
  fileFormat: 'This is not a tablet queue file (format "abode-kiosk-queue", version 1).',
  fileChannel: 'The queue file names a channel that does not exist.',
  fileDevice: 'The queue file names a tablet of another channel.',
  uploaded: 'Queue file read.',
  codeUnknown: 'This kiosk is not known. Please check the address.',
} as const;

export const KIOSK_DEVICE_NAME_MAX = 80;
/** At most this many answers in one batch (a 2,000-answer queue is sent in four). */
export const KIOSK_BATCH_MAX = 500;
/** A queue file's size limit (2,000 answers of a few KB each fit with room to spare). */
export const KIOSK_UPLOAD_LIMIT = 32 * 1024 * 1024;
/** A device's clock may run this far ahead of the server's before its answer is refused. */
export const KIOSK_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

// ---------------------------------------------------------------------------------------------
// Devices (staff)

export const newKioskDeviceSchema = z.object({
  channelId: z.string({ message: KIOSK_MESSAGES.channelRequired }).trim().min(1, KIOSK_MESSAGES.channelRequired).max(100, KIOSK_MESSAGES.channelUnknown),
  name: safeText({ message: KIOSK_MESSAGES.deviceName }).trim().min(1, KIOSK_MESSAGES.deviceName).max(KIOSK_DEVICE_NAME_MAX, KIOSK_MESSAGES.deviceName),
});
export type NewKioskDevice = z.infer<typeof newKioskDeviceSchema>;

export const kioskDeviceQuerySchema = z.object({ channelId: z.string().trim().max(100).optional() });

export const kioskDeviceSchema = z.object({
  id: z.string(),
  name: z.string(),
  channelId: z.string(),
  channelName: z.string(),
  channelCode: z.string(),
  createdAt: z.string(),
  /** When it last sent an answer (null: never). */
  lastSyncAt: z.string().nullable(),
  /** Answers stored from it. */
  stored: z.number().int(),
  /** Answers that clashed with an earlier one under the same id (see conflicts). */
  conflicts: z.number().int(),
  /** What is still queued on the tablet is not known to the server: it shows on the tablet's sync screen. */
  queued: z.null(),
  /** When an owner removed it (null: in use). */
  revokedAt: z.string().nullable(),
});
export type KioskDevice = z.infer<typeof kioskDeviceSchema>;
export const kioskDeviceListSchema = z.array(kioskDeviceSchema);

/** 201 of POST /api/kiosk/devices: the key is shown this once (only its hash is kept). */
export const kioskDeviceCreatedSchema = z.object({
  id: z.string(),
  deviceKey: z.string(),
  /** `PUBLIC_BASE_URL/kiosk/<code>#key=<deviceKey>`: shown as a QR code for the tablet to scan. */
  pairUrl: z.string(),
  device: kioskDeviceSchema,
  message: z.string(),
});
export type KioskDeviceCreated = z.infer<typeof kioskDeviceCreatedSchema>;

// ---------------------------------------------------------------------------------------------
// Answers (the tablet)

const isoTime = z.string({ message: KIOSK_MESSAGES.answeredAt }).datetime({ offset: true, message: KIOSK_MESSAGES.answeredAt });

const phoneField = safeText({ message: KIOSK_MESSAGES.phoneInvalid })
  .trim()
  .max(30, KIOSK_MESSAGES.phoneInvalid)
  .refine((value) => value === '' || toE164(value) !== null, KIOSK_MESSAGES.phoneInvalid)
  .transform((value) => (value === '' ? undefined : toE164(value)!));

/** One answer as the tablet queued it. */
export const kioskResponseSchema = z
  .object({
    /** The UUID made on the tablet: the answer is stored once per id. */
    id: z.string({ message: KIOSK_MESSAGES.id }).uuid(KIOSK_MESSAGES.id),
    /** The channel's code (the `<code>` of /kiosk/<code>); optional: the key names its channel. */
    channel: z.string().trim().max(20).optional(),
    email: z.union([z.literal('').transform(() => undefined), emailField]).optional(),
    phone: phoneField.optional(),
    /** SurveyJS data. */
    answer: answerField,
    /** The tablet's ISO time when the visitor finished. */
    answeredAt: isoTime,
    /** The page's language ('en' or 'hi'). */
    language: languageField,
    /** The version of the campaign the visitor answered (from GET /api/kiosk/config/:code). */
    campaignVersion: z.string({ message: KIOSK_MESSAGES.campaignVersion }).max(200, KIOSK_MESSAGES.campaignVersion).optional(),
    /** The survey notice's version shown, and whether the separate newsletter box was ticked. */
    consent: z.object(
      {
        version: z
          .number({ message: KIOSK_MESSAGES.consent })
          .int(KIOSK_MESSAGES.consent)
          .positive(KIOSK_MESSAGES.consent)
          .max(1_000_000, KIOSK_MESSAGES.consent),
        newsletter: z.boolean({ message: KIOSK_MESSAGES.consent }),
      },
      { message: KIOSK_MESSAGES.consent },
    ),
  })
  .superRefine((value, ctx) => {
    if (!value.email && !value.phone) ctx.addIssue({ code: 'custom', message: KIOSK_MESSAGES.contactRequired, path: ['email'] });
  });
export type KioskResponseInput = z.input<typeof kioskResponseSchema>;
export type KioskResponse = z.infer<typeof kioskResponseSchema>;

export const KIOSK_OUTCOMES = ['stored', 'duplicate', 'conflict', 'refused'] as const;
export type KioskOutcomeKind = (typeof KIOSK_OUTCOMES)[number];

/** What happened to one answer. */
export const kioskOutcomeSchema = z.object({
  id: z.string(),
  outcome: z.enum(KIOSK_OUTCOMES),
  /** The HTTP status the answer alone would have had: 201 stored, 200 duplicate, 409 conflict, 400/401/403 refused. */
  status: z.number().int(),
  message: z.string(),
  /** For `refused`: why, one sentence per field. */
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type KioskOutcome = z.infer<typeof kioskOutcomeSchema>;

export const kioskBatchSchema = z.object({
  channel: z.string().trim().max(20).optional(),
  /** Checked one by one (a bad answer is refused alone): each item is read with kioskResponseSchema. */
  responses: z.array(z.unknown(), { message: KIOSK_MESSAGES.batch }).min(1, KIOSK_MESSAGES.batch).max(KIOSK_BATCH_MAX, KIOSK_MESSAGES.batch),
});

export const kioskBatchResultSchema = z.object({
  results: z.array(kioskOutcomeSchema),
  counts: z.object({ stored: z.number().int(), duplicate: z.number().int(), conflict: z.number().int(), refused: z.number().int() }),
});
export type KioskBatchResult = z.infer<typeof kioskBatchResultSchema>;

// ---------------------------------------------------------------------------------------------
// The queue file (downloaded on the tablet, uploaded by staff at /dashboard/kiosk/upload)

export const KIOSK_QUEUE_FORMAT = 'abode-kiosk-queue';
export const KIOSK_QUEUE_VERSION = 1;

/** The file the tablet writes (JSON), exactly so: the kiosk web app builds it with this type. */
export interface KioskQueueFile {
  format: typeof KIOSK_QUEUE_FORMAT;
  version: typeof KIOSK_QUEUE_VERSION;
  /** The channel's code. */
  channel: string;
  /** The tablet's device id (from pairing), when it knows it. */
  deviceId?: string;
  /** The answers still queued, each as the tablet would POST it. */
  responses: KioskResponseInput[];
}

export const kioskQueueFileSchema = z.object({
  format: z.literal(KIOSK_QUEUE_FORMAT, { message: KIOSK_MESSAGES.fileFormat }),
  version: z.literal(KIOSK_QUEUE_VERSION, { message: KIOSK_MESSAGES.fileFormat }),
  channel: z.string({ message: KIOSK_MESSAGES.fileFormat }).trim().min(1, KIOSK_MESSAGES.fileFormat).max(20, KIOSK_MESSAGES.fileChannel),
  deviceId: z.string().max(100).optional(),
  responses: z.array(z.unknown(), { message: KIOSK_MESSAGES.fileFormat }),
});

export const kioskUploadResultSchema = kioskBatchResultSchema.extend({ channel: z.string(), message: z.string() });
export type KioskUploadResult = z.infer<typeof kioskUploadResultSchema>;

// ---------------------------------------------------------------------------------------------
// Conflicts (staff)

export const kioskConflictSchema = z.object({
  /** The tablet-made id both answers carry. */
  id: z.string(),
  channelId: z.string(),
  deviceName: z.string().nullable(),
  /** The answer stored first (as it was sent) and when it arrived. */
  stored: z.object({ body: z.unknown(), receivedAt: z.string() }),
  /** The later, different answer, kept beside it. */
  conflicting: z.object({ body: z.unknown(), receivedAt: z.string(), via: z.enum(['tablet', 'upload']) }),
});
export type KioskConflict = z.infer<typeof kioskConflictSchema>;
export const kioskConflictListSchema = z.array(kioskConflictSchema);

// ---------------------------------------------------------------------------------------------
// The tablet's configuration (public, cacheable)

export const kioskConfigSchema = z.object({
  channel: z.object({ code: z.string(), name: z.string() }),
  campaign: z.object({
    id: z.string(),
    name: z.string(),
    /** SurveyJS JSON (text), translations inside it as SurveyJS keeps them. */
    questions: z.string(),
    /** Send it back with each answer as `campaignVersion`. */
    version: z.string(),
  }),
  /** The survey notice (send its `version` back as `consent.version`) and the newsletter box's notice, per language. */
  notices: z.object({
    en: z.object({ survey: noticeSchema, newsletter: noticeSchema }),
    hi: z.object({ survey: noticeSchema, newsletter: noticeSchema }),
  }),
  studio: z.object({ name: z.string(), phone: z.string(), whatsapp: z.string(), email: z.string() }),
});
export type KioskConfig = z.infer<typeof kioskConfigSchema>;
