import { z } from 'zod';
import { apiPath } from '../api-path';
import { route } from '../api-route';
import type { messageAnswer } from '../api-answer';
import { safeText } from '../text-schema';
import { toE164 } from '../phone';

/**
 * "Leads by API": owners create API keys under Settings (shown once, stored hashed); a
 * portal sends each enquiry to POST /api/inbound/leads with `Authorization: Bearer <key>`.
 */
export const API_KEYS_API = {
  /** GET: the keys (never the key itself); POST { name }: a new key, shown once. */
  keys: '/api/settings/api-keys',
  /** DELETE: revokes the key. */
  one: apiPath('/api/settings/api-keys/:id'),
} as const;

export const INBOUND_API = { leads: '/api/inbound/leads' } as const;

export const INBOUND_LIMITS = { perKeyPerMinute: 60, keysMax: 20 } as const;

export const API_KEY_MESSAGES = {
  nameRequired: 'Please name the key (who uses it, e.g. "99acres").',
  nameTooLong: 'A key name can be at most 100 characters.',
  created: 'API key created. Copy it now: it is not shown again.',
  revoked: 'API key revoked.',
  notFound: 'This API key does not exist.',
  tooMany: `A studio can have at most ${INBOUND_LIMITS.keysMax} active API keys: revoke one first.`,
  /** One answer for a missing, unknown or revoked key: it never says which. */
  unauthorized: 'A valid API key is required (Authorization: Bearer <key>).',
} as const;

export const INBOUND_MESSAGES = {
  sourceRequired: 'source is required: the portal or system the lead comes from (at most 100 characters).',
  externalIdRequired: "externalId is required: the lead's id in that system (at most 200 characters).",
  emailInvalid: 'email is not an e-mail address.',
  emailRequired: 'email or phone is required: how the studio can reach the person.',
  phoneInvalid: 'phone is not a phone number.',
  nameTooLong: 'name can be at most 200 characters.',
  messageTooLong: 'message can be at most 2,000 characters.',
  textTooLong: 'at most 200 characters.',
  budgetInvalid: 'budget is an amount in rupees (a number, or text like "45 lakh" or "1.2 crore").',
  receivedAtInvalid: 'receivedAt is a date and time (ISO 8601, e.g. 2026-03-15T14:30:00+05:30).',
  utmInvalid: 'utm is an object of text values (source, medium, campaign, term, content).',
  conflict: 'This source and externalId were already sent with different details.',
} as const;

export const apiKeyInput = z.object({
  name: safeText({ message: API_KEY_MESSAGES.nameRequired }).trim().min(1, API_KEY_MESSAGES.nameRequired).max(100, API_KEY_MESSAGES.nameTooLong),
});

export const apiKeyItem = z.object({
  _id: z.string(),
  name: z.string(),
  /** The key's first characters, to tell keys apart. */
  prefix: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKeyItem = z.infer<typeof apiKeyItem>;
export const apiKeyList = z.object({ items: z.array(apiKeyItem) });
export const apiKeyCreated = z.object({ id: z.string(), key: z.string(), message: z.string() });

const optionalText = (max: number, message: string) => z.string({ message }).trim().max(max, message).optional();

export const inboundLeadInput = z.object({
  source: z.string({ message: INBOUND_MESSAGES.sourceRequired }).trim().min(1, INBOUND_MESSAGES.sourceRequired).max(100, INBOUND_MESSAGES.sourceRequired),
  externalId: z
    .string({ message: INBOUND_MESSAGES.externalIdRequired })
    .trim()
    .min(1, INBOUND_MESSAGES.externalIdRequired)
    .max(200, INBOUND_MESSAGES.externalIdRequired),
  name: optionalText(200, INBOUND_MESSAGES.nameTooLong),
  email: z
    .string({ message: INBOUND_MESSAGES.emailInvalid })
    .trim()
    .max(254, INBOUND_MESSAGES.emailInvalid)
    .regex(/^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/, INBOUND_MESSAGES.emailInvalid)
    .optional(),
  phone: z
    .string({ message: INBOUND_MESSAGES.phoneInvalid })
    .trim()
    .refine((v) => toE164(v.replace(/^\(\s*\+\s*(\d{1,3})\s*\)/, '+$1 ')) !== null, INBOUND_MESSAGES.phoneInvalid)
    .optional(),
  message: optionalText(2000, INBOUND_MESSAGES.messageTooLong),
  project: optionalText(200, `project: ${INBOUND_MESSAGES.textTooLong}`),
  locality: optionalText(200, `locality: ${INBOUND_MESSAGES.textTooLong}`),
  budget: z.union([z.number().positive(), z.string().max(100)], { message: INBOUND_MESSAGES.budgetInvalid }).optional(),
  receivedAt: z.iso.datetime({ offset: true, message: INBOUND_MESSAGES.receivedAtInvalid }).optional(),
  utm: z.record(z.string(), z.string().max(200), { message: INBOUND_MESSAGES.utmInvalid }).optional(),
});
export type InboundLeadInput = z.infer<typeof inboundLeadInput>;

export const inboundLeadAnswer = z.object({ leadId: z.string(), created: z.boolean() });

/** What a portal integrator can paste (the OpenAPI document's example). */
export const INBOUND_EXAMPLE = {
  source: '99acres',
  externalId: 'ENQ-104233',
  name: 'Priya Sharma',
  email: 'priya.sharma@example.in',
  phone: '+91 98450 22222',
  message: 'Looking for a 3 BHK near Baner, possession by 2027.',
  project: 'Skyline Towers',
  locality: 'Baner, Pune',
  budget: '1.2 crore',
  receivedAt: '2026-03-15T14:30:00+05:30',
  utm: { source: '99acres', medium: 'portal', campaign: 'spring-2026' },
} as const;

export const API_KEYS_ROUTES = {
  list: route<typeof apiKeyList>('GET', API_KEYS_API.keys),
  create: route<typeof apiKeyCreated>('POST', API_KEYS_API.keys),
  revoke: route<typeof messageAnswer>('DELETE', API_KEYS_API.one),
};
