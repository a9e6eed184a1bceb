import { z } from 'zod';
import { route } from '../api-route';
import { formatPhone, toE164 } from '../phone';
import type { SiteSettings } from '../site';
import { siteSchema } from '#shared/system/system.contract';
import { safeText } from '../text-schema';
import { DEFAULT_LANGUAGE, type Language } from '../i18n/languages';

/**
 * The studio's settings: its public details, who hears of new leads, the consent
 * notices its forms show, and how long data is kept. One record in the database; the environment's
 * STUDIO_* and NOTIFY_EMAILS values are its first values. Owners only.
 */
export const SETTINGS_API = {
  /** GET: the settings. PUT: the whole object; answers the saved settings. */
  settings: '/api/settings',
} as const;

export const SETTINGS_MESSAGES = {
  nameRequired: 'Please enter the studio’s name.',
  addressRequired: 'Please enter the studio’s address.',
  phone: 'Please enter a phone number, such as +91 80 4123 4567 or 98450 99999.',
  whatsapp: 'Please enter a WhatsApp number, such as +91 98450 99999 or 98450 99999.',
  email: 'Please enter an e-mail address, such as hello@studio.in.',
  url: 'Please enter a web address starting with https:// or http://.',
  timeZone: 'Please choose a time zone such as Asia/Kolkata.',
  recipients: 'Each recipient must be an e-mail address, such as owner@studio.in.',
  noticeRequired: 'Please enter the notice people read before they send the form.',
  retentionDays: 'Please enter a whole number of days between 1 and 3650.',
  saved: 'Settings saved.',
} as const;

export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

// Speed to lead ------------------------------------------------------------------------

/** How new leads get an assignee: not at all, in turn among those who take leads, or by rule (else in turn). */
export const ASSIGN_MODES = ['off', 'round-robin', 'rules'] as const;
export type AssignMode = (typeof ASSIGN_MODES)[number];
/** What a rule looks at: the campaign the lead came by, a survey answer naming a locality, a contact form's request quotation. */
export const ASSIGN_RULE_KINDS = ['campaign', 'locality', 'quotation'] as const;
export type AssignRuleKind = (typeof ASSIGN_RULE_KINDS)[number];

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Times are HH:MM, such as 09:00.');
const dayHours = z
  .object({ start: clock, end: clock })
  .refine((h) => h.start < h.end, 'A day must end after it starts.')
  .nullable();

export const assignmentSettings = z.object({
  mode: z.enum(ASSIGN_MODES, { message: `Choose one of: ${ASSIGN_MODES.join(', ')}.` }),
  /** The first rule that matches names the person; a person who is away or takes no leads is passed over. */
  rules: z
    .array(
      z.object({
        kind: z.enum(ASSIGN_RULE_KINDS, { message: `A rule looks at one of: ${ASSIGN_RULE_KINDS.join(', ')}.` }),
        value: safeText().trim().min(1, 'Please say what the rule matches.').max(200),
        staffId: safeText().min(1).max(100),
      }),
    )
    .max(50, 'Please keep to 50 rules.'),
});
export type AssignmentSettings = z.infer<typeof assignmentSettings>;

export const followUpSettings = z.object({
  /** A new lead should be contacted within this many working minutes. */
  firstContactMinutes: z
    .number()
    .int()
    .min(1, 'At least one minute.')
    .max(7 * 24 * 60, 'At most a week.'),
  /** Working hours per weekday in the studio's time zone; null: closed. */
  hours: z.object(Object.fromEntries(WEEKDAYS.map((d) => [d, dayHours])) as Record<Weekday, typeof dayHours>),
  /** Closed days (YYYY-MM-DD, the studio's calendar). */
  holidays: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Holidays are YYYY-MM-DD.')).max(366),
});
export type FollowUpSettings = z.infer<typeof followUpSettings>;

export const DEFAULT_ASSIGNMENT: AssignmentSettings = { mode: 'off', rules: [] };
export const DEFAULT_FOLLOW_UP: FollowUpSettings = {
  firstContactMinutes: 15,
  hours: {
    mon: { start: '09:00', end: '19:00' },
    tue: { start: '09:00', end: '19:00' },
    wed: { start: '09:00', end: '19:00' },
    thu: { start: '09:00', end: '19:00' },
    fri: { start: '09:00', end: '19:00' },
    sat: { start: '09:00', end: '19:00' },
    sun: null,
  },
  holidays: [],
};
export const DEFAULT_RETENTION_UNFINISHED_DAYS = 180;

/**
 * The notices' first texts: what is collected, why, that the newsletter is separate, how to withdraw,
 * whom to contact, and /privacy (named once: the forms show it as the link to the full notice). One
 * set per language, the same meaning in each (Hindi pages show the Hindi one, decision 0027).
 */
export function defaultNotices(studio: { name: string; email: string }, language: Language = DEFAULT_LANGUAGE): NoticeTexts {
  return DEFAULT_NOTICES[language](studio);
}

const DEFAULT_NOTICES: Record<Language, (studio: { name: string; email: string }) => NoticeTexts> = {
  en: (studio) => {
    const rest =
      `The newsletter is separate: you get it only if you tick the box. ` +
      `You can ask for a copy of your data or its erasure, or withdraw your consent, at any time: write to ${studio.email}. ` +
      `Every e-mail we send has an unsubscribe link. Full notice and requests: /privacy.`;
    return {
      landing:
        `${studio.name} collects your e-mail address and your answers to this survey to suggest homes and interiors ` +
        `that fit you and to contact you about them. ${rest}`,
      contact: `${studio.name} collects your name, e-mail address, phone number and message to answer your enquiry. ${rest}`,
    };
  },
  hi: (studio) => {
    const rest =
      `न्यूज़लेटर अलग है: यह आपको तभी मिलेगा जब आप उसका बॉक्स चुनेंगे। ` +
      `आप किसी भी समय अपने डेटा की कॉपी माँग सकते हैं, उसे मिटाने के लिए कह सकते हैं या अपनी सहमति वापस ले सकते हैं: ${studio.email} पर लिखें। ` +
      `हमारे हर ई-मेल में सदस्यता छोड़ने का लिंक होता है। पूरी सूचना और अनुरोध: /privacy।`;
    return {
      landing:
        `${studio.name} आपका ई-मेल पता और इस सर्वे के आपके जवाब इकट्ठा करता है, ताकि आपके लिए सही घर और इंटीरियर ` + `सुझा सके और उनके बारे में आपसे संपर्क कर सके। ${rest}`,
      contact: `${studio.name} आपकी पूछताछ का जवाब देने के लिए आपका नाम, ई-मेल पता, फ़ोन नंबर और संदेश इकट्ठा करता है। ${rest}`,
    };
  },
};

/** A set of notice texts: the landing form's and the contact form's. */
export interface NoticeTexts {
  landing: string;
  contact: string;
}

const MAX_TEXT = 200;
const MAX_NOTICE = 4000;

function text(required: string, max = MAX_TEXT) {
  return safeText({ message: required }).trim().min(1, required).max(max, `Please keep this under ${max} characters.`);
}

/** http or https only: a `javascript:` link on a public page is never a studio's map or profile. */
export const webAddress = safeText({ message: SETTINGS_MESSAGES.url })
  .trim()
  .max(500, SETTINGS_MESSAGES.url)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0;
    } catch {
      return false;
    }
  }, SETTINGS_MESSAGES.url);

const emailAddress = safeText({ message: SETTINGS_MESSAGES.email }).trim().max(254, SETTINGS_MESSAGES.email).pipe(z.email(SETTINGS_MESSAGES.email));

/** Whether the runtime knows `zone` as an IANA time zone. */
export function isTimeZone(zone: string): boolean {
  if (!zone || !/^[A-Za-z_+\-/0-9]+$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const retentionDays = z
  .number({ message: SETTINGS_MESSAGES.retentionDays })
  .int(SETTINGS_MESSAGES.retentionDays)
  .min(1, SETTINGS_MESSAGES.retentionDays)
  .max(3650, SETTINGS_MESSAGES.retentionDays);

const noticeTextsInput = z.object(
  { landing: text(SETTINGS_MESSAGES.noticeRequired, MAX_NOTICE), contact: text(SETTINGS_MESSAGES.noticeRequired, MAX_NOTICE) },
  { message: SETTINGS_MESSAGES.noticeRequired },
);

/** What PUT /api/settings takes: the whole object. Phones are shown grouped; WhatsApp stored in E.164. */
export const settingsInput = z.object({
  name: text(SETTINGS_MESSAGES.nameRequired, 100),
  address: text(SETTINGS_MESSAGES.addressRequired, 300),
  phone: safeText({ message: SETTINGS_MESSAGES.phone })
    .refine((v) => toE164(v) !== null, SETTINGS_MESSAGES.phone)
    .transform((v) => formatPhone(v)),
  whatsapp: safeText({ message: SETTINGS_MESSAGES.whatsapp })
    .refine((v) => toE164(v) !== null, SETTINGS_MESSAGES.whatsapp)
    .transform((v) => toE164(v)!),
  email: emailAddress,
  mapUrl: webAddress,
  social: z.object({ instagram: webAddress, facebook: webAddress, linkedin: webAddress }, { message: SETTINGS_MESSAGES.url }),
  timeZone: safeText({ message: SETTINGS_MESSAGES.timeZone }).trim().refine(isTimeZone, SETTINGS_MESSAGES.timeZone),
  notifyEmails: z
    .array(safeText({ message: SETTINGS_MESSAGES.recipients }).trim().max(254, SETTINGS_MESSAGES.recipients).pipe(z.email(SETTINGS_MESSAGES.recipients)), {
      message: SETTINGS_MESSAGES.recipients,
    })
    .max(20, 'Please name at most 20 recipients.'),
  notices: noticeTextsInput,
  /** The same notices in Hindi, for the Hindi pages (decision 0027); absent: kept as they are. */
  noticesHi: noticeTextsInput.optional(),
  retentionUnfinishedDays: retentionDays,
  /** null: leads are kept until erased by hand. */
  retentionLeadDays: retentionDays.nullable(),
  /** How new leads are assigned; absent: kept as they are. */
  assignment: assignmentSettings.optional(),
  followUp: followUpSettings.optional(),
});
export type SettingsInput = z.input<typeof settingsInput>;

/** The saved settings (GET and PUT answer this). */
export const studioSettings = siteSchema.extend({
  timeZone: z.string(),
  notifyEmails: z.array(z.string()),
  notices: z.object({ landing: z.string(), contact: z.string() }),
  /** The notices the Hindi pages show (decision 0027). */
  noticesHi: z.object({ landing: z.string(), contact: z.string() }),
  retentionUnfinishedDays: z.number().int(),
  retentionLeadDays: z.number().int().nullable(),
  assignment: assignmentSettings,
  followUp: followUpSettings,
  /** Raised by every save (1 for the first values from the environment). */
  version: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type StudioSettings = z.infer<typeof studioSettings>;

/** The public part (GET /api/site). */
export function siteOf(settings: Omit<StudioSettings, 'version' | 'updatedAt'>): SiteSettings {
  const { name, address, phone, whatsapp, email, mapUrl, social, timeZone } = settings;
  return { name, address, phone, whatsapp, email, mapUrl, social: { ...social }, timeZone };
}

/** The settings routes with their answers (owner only). */
export const SETTINGS_ROUTES = {
  read: route('GET', SETTINGS_API.settings, studioSettings),
  save: route('PUT', SETTINGS_API.settings, studioSettings),
};
