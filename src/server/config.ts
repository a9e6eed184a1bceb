// The only module that reads process.env. Everything else receives a typed Config.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { isAccountEmail } from '#shared/auth/account-email';
import { formatPhone, toE164 } from '#shared/phone';
import type { StudioDetails } from '#shared/site';

/** Phone numbers are read with the studio's country, +91, when they have none. */
const PHONE_PROBLEM = 'must be a phone number, such as +91 98450 99999 or 98450 99999';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const positiveInt = z.coerce.number({ message: 'must be a number' }).int('must be a whole number').positive('must be positive');

// proxy-addr's names for address ranges, accepted besides addresses and CIDRs.
const MB = 1024 * 1024;

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(value: string): boolean {
  if (PROXY_RANGE_NAMES.has(value)) return true;
  // Four-part IPv4 only: ipaddr.js also takes forms such as "1.5" that nobody means as a proxy.
  const isAddress = (text: string) => ipaddr.IPv4.isValidFourPartDecimal(text) || ipaddr.IPv6.isValid(text);
  const [address, bits, ...rest] = value.split('/');
  if (bits === undefined) return isAddress(address!);
  if (rest.length > 0 || !isAddress(address!) || !/^\d{1,3}$/.test(bits)) return false;
  try {
    ipaddr.parseCIDR(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Which peers may tell the client's address (X-Forwarded-For) and protocol: none (false), the
 * nearest N hops, or proxies at these addresses. `true` would trust every hop, so any client could
 * name its own address and step round the rate limits; it is refused with what to set instead.
 */
/** More proxies than any real deployment has in a chain; a larger count means "every hop". */
const MAX_PROXY_HOPS = 5;

/**
 * The widest range TRUST_PROXY may name: an IPv4 /8 (10.0.0.0/8), an IPv6 /16, or any part of the
 * unique-local (fc00::/7) and link-local (fe80::/10) ranges. A wider one, or ranges that together
 * hold every address, trusts clients that are no proxy of ours to name their own address.
 */
export const PROXY_MIN_PREFIX = { ipv4: 8, ipv6: 16 } as const;
const PRIVATE_IPV6 = [ipaddr.parseCIDR('fc00::/7'), ipaddr.parseCIDR('fe80::/10')] as const;

/** An address or CIDR as the range proxy-addr trusts: an IPv4-mapped IPv6 range is the IPv4 one it matches. */
function proxyRange(entry: string): { kind: 'ipv4' | 'ipv6'; address: ipaddr.IPv4 | ipaddr.IPv6; prefix: number } {
  const [text, bits] = entry.split('/');
  let address = ipaddr.parse(text!);
  let prefix = bits === undefined ? (address.kind() === 'ipv4' ? 32 : 128) : Number(bits);
  if (address instanceof ipaddr.IPv6 && address.isIPv4MappedAddress() && prefix >= 96) {
    address = address.toIPv4Address();
    prefix -= 96;
  }
  return { kind: address.kind(), address, prefix };
}

/** Why these proxy ranges are too wide, or null. */
function proxyRangesProblem(entries: readonly string[]): string | null {
  const spans: Record<'ipv4' | 'ipv6', Array<[bigint, bigint]>> = { ipv4: [], ipv6: [] };
  for (const entry of entries) {
    if (PROXY_RANGE_NAMES.has(entry)) continue;
    const { kind, address, prefix } = proxyRange(entry);
    const isPrivateV6 = address instanceof ipaddr.IPv6 && PRIVATE_IPV6.some(([net, bits]) => prefix >= bits && address.match(net, bits));
    if (prefix < PROXY_MIN_PREFIX[kind] && !isPrivateV6) {
      return (
        `must not name a range wider than /${PROXY_MIN_PREFIX.ipv4} for IPv4 or /${PROXY_MIN_PREFIX.ipv6} for IPv6 (not ${JSON.stringify(entry)}): ` +
        "clients that are no proxy of yours could choose their address with X-Forwarded-For. Set the proxies' own addresses or their private network (e.g. 10.0.0.0/8)"
      );
    }
    const width = kind === 'ipv4' ? 32 : 128;
    const start = BigInt(`0x${Buffer.from(address.toByteArray()).toString('hex')}`) & ~((1n << BigInt(width - prefix)) - 1n);
    spans[kind].push([start, start + (1n << BigInt(width - prefix)) - 1n]);
  }
  for (const kind of ['ipv4', 'ipv6'] as const) {
    // Merged in order: the ranges hold every address when they leave no gap from 0 to the last one.
    let next = 0n;
    for (const [start, end] of spans[kind].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
      if (start > next) break;
      if (end + 1n > next) next = end + 1n;
    }
    if (next === 1n << BigInt(kind === 'ipv4' ? 32 : 128)) {
      return `must not cover every ${kind === 'ipv4' ? 'IPv4' : 'IPv6'} address (as ${JSON.stringify(entries.join(','))} does): that trusts every client to choose its address with X-Forwarded-For. Set the proxies' own addresses or CIDRs`;
    }
  }
  return null;
}

const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    const lower = value.toLowerCase();
    if (['false', '0', 'no'].includes(lower)) return false;
    if (['true', 'yes'].includes(lower)) {
      ctx.addIssue({
        code: 'custom',
        message:
          'must not be true: that trusts every hop, so any client could choose its address with X-Forwarded-For. ' +
          "Set the number of proxies in front of the app (e.g. 1 for one reverse proxy) or the proxies' addresses or CIDRs (e.g. 127.0.0.1 or 10.0.0.0/8,::1)",
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops > MAX_PROXY_HOPS) {
        ctx.addIssue({
          code: 'custom',
          message:
            `must be at most ${MAX_PROXY_HOPS} proxies (not ${value}): a larger count trusts every hop, so any client could choose its address with X-Forwarded-For. ` +
            'Set the number of proxies really in front of the app, or their addresses or CIDRs',
        });
        return z.NEVER;
      }
      return hops;
    }
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isAddressOrRange(entry));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be false, a number of proxies, or proxy addresses / CIDRs separated by commas (not ${bad.map((b) => JSON.stringify(b)).join(', ')})`,
      });
      return z.NEVER;
    }
    const tooWide = proxyRangesProblem(entries);
    if (tooWide) {
      ctx.addIssue({ code: 'custom', message: tooWide });
      return z.NEVER;
    }
    return entries;
  });

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number({ message: 'must be a number' }).int().min(0).max(65535, 'must be a port number').default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave it unset for the embedded SQLite database)')
      .optional(),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ADMIN_EMAIL: z.string().refine(isAccountEmail, 'must be an e-mail address').optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(128, 'must be at most 128 characters').optional(),
    ADMIN_NAME: z.string().min(1).max(60).optional(),
    SEED_DEMO: booleanFlag.default(true),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .optional(),
    REDIS_KEY_PREFIX: z.string().min(1).default('abode:'),
    PUBLIC_BASE_URL: z.url('must be a URL such as https://abode.example').optional(),
    ALLOWED_HOSTS: z
      .string()
      .regex(/^\s*[a-z0-9.\-[\]:]+\s*(,\s*[a-z0-9.\-[\]:]+\s*)*$/i, 'must be host names separated by commas, such as abode.example,www.abode.example')
      .default('localhost,127.0.0.1,[::1]'),
    TRUST_PROXY: trustProxy.default(false),
    PUBLIC_WRITE_LIMIT: positiveInt.default(60),
    VISIT_BOOKINGS_PER_ADDRESS_DAY: positiveInt.default(6),
    LOGIN_MAX_FAILURES: positiveInt.default(5),
    STUDIO_NAME: z.string().min(1).default('Abode Studio'),
    STUDIO_ADDRESS: z.string().min(1).default('12 Residency Road, Bengaluru 560025, India'),
    STUDIO_PHONE: z.string().min(1).default('+91 80 4123 4567'),
    /** Empty or unset: the studio's phone. */
    STUDIO_WHATSAPP: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .refine((v) => toE164(v) !== null, PHONE_PROBLEM)
        .optional(),
    ),
    STUDIO_EMAIL: z.email('must be an e-mail address').default('hello@abode.studio'),
    STUDIO_MAP_URL: z.url().default('https://maps.google.com/?q=12+Residency+Road+Bengaluru'),
    STUDIO_INSTAGRAM: z.url().default('https://www.instagram.com/'),
    STUDIO_FACEBOOK: z.url().default('https://www.facebook.com/'),
    STUDIO_LINKEDIN: z.url().default('https://www.linkedin.com/'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^/]+/, 'must be an smtp:// or smtps:// URL such as smtp://user:pass@mail.example:587')
      .optional(),
    MAIL_FROM: z.string().min(3).optional(),
    NOTIFY_EMAILS: z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((e) => e.trim())
          .filter(Boolean),
      )
      .refine((list) => list.every((e) => z.email().safeParse(e).success), 'must be e-mail addresses separated by commas')
      .optional(),
    CONFIRM_VISITORS: booleanFlag.default(true),
    VISITOR_MAIL_PER_RECIPIENT_HOUR: positiveInt.default(3),
    VISITOR_MAIL_PER_ADDRESS_HOUR: positiveInt.default(10),
    SURVEY_FILES_PER_RECORD_MB: positiveInt.default(50),
    SURVEY_FILES_PER_ADDRESS_DAY_MB: positiveInt.default(200),
    SURVEY_FILES_TOTAL_MB: positiveInt.default(5 * 1024),
    ALLOW_PRIVATE_WEBHOOKS: booleanFlag.default(false),
  })
  .superRefine((env, ctx) => {
    if (!env.STUDIO_WHATSAPP && toE164(env.STUDIO_PHONE) === null) {
      ctx.addIssue({ code: 'custom', path: ['STUDIO_WHATSAPP'], message: `${PHONE_PROBLEM} (STUDIO_PHONE is not one WhatsApp can open)` });
    }
    if (env.NODE_ENV === 'production' && env.DATABASE_URL && !env.JWT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'is required in production with PostgreSQL (instances must share one secret)',
      });
    }
  });

export type DatabaseConfig = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

/** The studio's details from the environment (GET /api/site adds the time zone, a setting). */
export type StudioSettings = StudioDetails;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  jwtSecret: string;
  /** Token lifetime in seconds (at most 12 h). */
  tokenTtlSeconds: number;
  admin: { email?: string; password?: string; name?: string };
  seedDemo: boolean;
  logLevel: (typeof LOG_LEVELS)[number];
  redisUrl?: string;
  /** Prefix of every key this app writes to Redis (several apps or test runs may share one Redis). */
  redisKeyPrefix: string;
  publicBaseUrl?: string;
  /**
   * Without `publicBaseUrl`: the Host header values (a name matches any port; `name:port` only that
   * port) that may name the site in canonical links and share cards; any other Host gets the first.
   */
  allowedHosts: string[];
  /** Proxies trusted for X-Forwarded-For/-Proto: none, the nearest N hops, or these addresses / CIDRs. */
  trustProxy: false | number | string[];
  /** Public writes (e-mail, response, progress, file, contact) per client address per minute: one budget across them. */
  publicWriteLimit: number;
  /** Site-visit bookings per client address per day (decision 0014); 6 when unset. */
  visitBookingsPerAddressDay?: number;
  /** Failed logins per account and per address within the throttle window. */
  loginMaxFailures: number;
  loginWindowSeconds: number;
  /** Directory holding the built client (index.html, assets/). */
  clientDir: string;
  /** Directory holding the server-rendering bundle; without it every page renders in the browser. */
  ssrDir?: string;
  studio: StudioSettings;
  notify: NotifyConfig;
  /** How much visitors' survey files may take, in bytes. */
  surveyFileQuota: SurveyFileQuota;
}

export interface SurveyFileQuota {
  /** The files of one e-mail record (one survey). */
  perRecordBytes: number;
  /** Everything sent from one client address in the last 24 hours. */
  perAddressDayBytes: number;
  /** Every survey file stored. */
  totalBytes: number;
}

/** E-mail and webhook notifications. */
export interface NotifyConfig {
  /** smtp:// or smtps://; without it mail is written as .eml files into `mailDir`. */
  smtpUrl?: string;
  mailFrom: string;
  mailDir: string;
  /** Staff recipients; empty means every staff user. */
  notifyEmails: string[];
  confirmVisitors: boolean;
  /** Visitor mail per recipient and per sender address an hour; default 3 and 10. */
  visitorMailLimits?: { perRecipientHour: number; perSenderHour: number };
  allowPrivateWebhooks: boolean;
  /** Run the dispatcher in this process (tests drive it by hand). */
  dispatch: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the JWT secret kept in the data folder, creating it on first use. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings count as unset, as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'} ${i.message}`));
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL ? { dialect: 'postgres', url: e.DATABASE_URL } : { dialect: 'sqlite', file: path.join(dataDir, 'abode.sqlite') },
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir),
    tokenTtlSeconds: 12 * 60 * 60,
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD, name: e.ADMIN_NAME },
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    publicBaseUrl: e.PUBLIC_BASE_URL?.replace(/\/+$/, ''),
    allowedHosts: e.ALLOWED_HOSTS.split(',').map((h) => h.trim().toLowerCase()),
    trustProxy: e.TRUST_PROXY,
    publicWriteLimit: e.PUBLIC_WRITE_LIMIT,
    visitBookingsPerAddressDay: e.VISIT_BOOKINGS_PER_ADDRESS_DAY,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginWindowSeconds: 10 * 60,
    clientDir: path.resolve('dist/client'),
    ssrDir: path.resolve('dist/ssr'),
    studio: {
      name: e.STUDIO_NAME,
      address: e.STUDIO_ADDRESS,
      // Shown grouped ("+91 80 4123 4567"); WhatsApp links take E.164.
      phone: formatPhone(e.STUDIO_PHONE),
      whatsapp: toE164(e.STUDIO_WHATSAPP ?? e.STUDIO_PHONE) ?? e.STUDIO_PHONE,
      email: e.STUDIO_EMAIL,
      mapUrl: e.STUDIO_MAP_URL,
      social: { instagram: e.STUDIO_INSTAGRAM, facebook: e.STUDIO_FACEBOOK, linkedin: e.STUDIO_LINKEDIN },
    },
    notify: {
      smtpUrl: e.SMTP_URL,
      mailFrom: e.MAIL_FROM ?? `"${e.STUDIO_NAME.replace(/"/g, '')}" <${e.STUDIO_EMAIL}>`,
      mailDir: path.join(dataDir, 'mail'),
      notifyEmails: e.NOTIFY_EMAILS ?? [],
      confirmVisitors: e.CONFIRM_VISITORS,
      visitorMailLimits: { perRecipientHour: e.VISITOR_MAIL_PER_RECIPIENT_HOUR, perSenderHour: e.VISITOR_MAIL_PER_ADDRESS_HOUR },
      allowPrivateWebhooks: e.ALLOW_PRIVATE_WEBHOOKS,
      dispatch: true,
    },
    surveyFileQuota: {
      perRecordBytes: e.SURVEY_FILES_PER_RECORD_MB * MB,
      perAddressDayBytes: e.SURVEY_FILES_PER_ADDRESS_DAY_MB * MB,
      totalBytes: e.SURVEY_FILES_TOTAL_MB * MB,
    },
  };
}
