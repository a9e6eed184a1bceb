// The only module that reads process.env. Everything else receives a typed Config.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { SiteSettings } from '../shared/site';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const positiveInt = z.coerce
  .number({ message: 'must be a number' })
  .int('must be a whole number')
  .positive('must be positive');

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
    ADMIN_EMAIL: z.email('must be an e-mail address').optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(128, 'must be at most 128 characters').optional(),
    ADMIN_NAME: z.string().min(1).max(60).optional(),
    SEED_DEMO: booleanFlag.default(true),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').optional(),
    PUBLIC_BASE_URL: z.url('must be a URL such as https://abode.example').optional(),
    TRUST_PROXY: booleanFlag.default(false),
    PUBLIC_WRITE_LIMIT: positiveInt.default(60),
    LOGIN_MAX_FAILURES: positiveInt.default(5),
    STUDIO_NAME: z.string().min(1).default('Abode Studio'),
    STUDIO_ADDRESS: z.string().min(1).default('12 Residency Road, Bengaluru 560025, India'),
    STUDIO_PHONE: z.string().min(1).default('+91 80 4123 4567'),
    STUDIO_EMAIL: z.email('must be an e-mail address').default('hello@abode.studio'),
    STUDIO_MAP_URL: z.url().default('https://maps.google.com/?q=12+Residency+Road+Bengaluru'),
    STUDIO_INSTAGRAM: z.url().default('https://www.instagram.com/'),
    STUDIO_FACEBOOK: z.url().default('https://www.facebook.com/'),
    STUDIO_LINKEDIN: z.url().default('https://www.linkedin.com/'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.DATABASE_URL && !env.JWT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'is required in production with PostgreSQL (instances must share one secret)',
      });
    }
  });

export type DatabaseConfig =
  | { dialect: 'sqlite'; file: string }
  | { dialect: 'postgres'; url: string };

/** The studio's public details (GET /api/site), from the environment. */
export type StudioSettings = SiteSettings;

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
  publicBaseUrl?: string;
  trustProxy: boolean;
  /** Public writes (e-mail, response, contact) per client address per minute. */
  publicWriteLimit: number;
  /** Failed logins per account and per address within the throttle window. */
  loginMaxFailures: number;
  loginWindowSeconds: number;
  /** Directory holding the built client (index.html, assets/). */
  clientDir: string;
  /** Directory holding the server-rendering bundle; without it every page renders in the browser. */
  ssrDir?: string;
  studio: StudioSettings;
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
    database: e.DATABASE_URL
      ? { dialect: 'postgres', url: e.DATABASE_URL }
      : { dialect: 'sqlite', file: path.join(dataDir, 'abode.sqlite') },
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir),
    tokenTtlSeconds: 12 * 60 * 60,
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD, name: e.ADMIN_NAME },
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    redisUrl: e.REDIS_URL,
    publicBaseUrl: e.PUBLIC_BASE_URL?.replace(/\/+$/, ''),
    trustProxy: e.TRUST_PROXY,
    publicWriteLimit: e.PUBLIC_WRITE_LIMIT,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginWindowSeconds: 10 * 60,
    clientDir: path.resolve('dist/client'),
    ssrDir: path.resolve('dist/ssr'),
    studio: {
      name: e.STUDIO_NAME,
      address: e.STUDIO_ADDRESS,
      phone: e.STUDIO_PHONE,
      email: e.STUDIO_EMAIL,
      mapUrl: e.STUDIO_MAP_URL,
      social: { instagram: e.STUDIO_INSTAGRAM, facebook: e.STUDIO_FACEBOOK, linkedin: e.STUDIO_LINKEDIN },
    },
  };
}
