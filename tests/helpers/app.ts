import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '#server/app';
import type { Config } from '#server/config';
import { createDatabase, type DatabaseHandle } from '#server/db/database';
import { createStaff } from '#server/features/auth/auth.service';
import { createMigratedTestDatabase, describeEachDialect, type TestDatabase, type TestDialect } from './databases';

export const STAFF = { email: 'staff@abode.test', name: 'Test Staff', password: 'correct horse battery' } as const;

export function testConfig(db: TestDatabase, overrides: Partial<Config> = {}): Config {
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    dataDir: db.dataDir,
    database: db.config,
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    tokenTtlSeconds: 12 * 60 * 60,
    admin: {},
    seedDemo: false,
    logLevel: 'silent',
    allowedHosts: ['localhost', '127.0.0.1', '[::1]'],
    redisKeyPrefix: 'abode:',
    trustProxy: false,
    publicWriteLimit: 10_000,
    loginMaxFailures: 5,
    loginWindowSeconds: 600,
    // A tiny stand-in for the Vite build, so page routes can be tested without building.
    clientDir: path.resolve('tests/fixtures/client'),
    studio: {
      name: 'Test Studio',
      address: '1 Test Street',
      phone: '+91 00000 00000',
      whatsapp: '+91 00000 00001',
      email: 'studio@abode.test',
      mapUrl: 'https://maps.example/test',
      social: { instagram: 'https://instagram.example', facebook: 'https://facebook.example', linkedin: 'https://linkedin.example' },
    },
    notify: {
      mailFrom: '"Test Studio" <studio@abode.test>',
      mailDir: path.join(db.dataDir, 'mail'),
      notifyEmails: [],
      confirmVisitors: true,
      allowPrivateWebhooks: false,
      // Tests drive the dispatcher by hand (app.notifications.runOnce()) unless they start it.
      dispatch: false,
    },
    surveyFileQuota: { perRecordBytes: 50 * 1024 * 1024, perAddressDayBytes: 200 * 1024 * 1024, totalBytes: 5 * 1024 * 1024 * 1024 },
    ...overrides,
  };
}

export interface TestContext {
  dialect: TestDialect;
  /** The app under test (built once per describe block, on its own fresh database). */
  readonly app: FastifyInstance;
  readonly database: DatabaseHandle;
  readonly config: Config;
  /** A valid staff bearer token (the staff user is created on first use). */
  staffToken(): Promise<string>;
  /** inject() with the staff token already set. */
  asStaff(options: InjectOptions): Promise<LightMyRequestResponse>;
}

/** Runs the notification dispatcher by hand (tests build the app with `dispatch: false`) until nothing is left to send. */
export async function drainNotifications(ctx: Pick<TestContext, 'app'>): Promise<void> {
  for (let i = 0; i < 20; i++) {
    const { fannedOut, attempted } = await ctx.app.notifications.runOnce();
    if (fannedOut + attempted === 0) return;
  }
  throw new Error('the dispatcher did not settle');
}

/**
 * Runs the block once per test database (SQLite, and PostgreSQL when TEST_DATABASE_URL is set),
 * each with its own freshly migrated database (a copy of the run's template: docs/decisions/0030-test-speed.md)
 * and app, closed and dropped afterwards.
 */
export function describeEachDatabase(
  name: string,
  fn: (ctx: TestContext) => void,
  /** Settings for the block; a function is called once per database (e.g. for a Redis key prefix of its own). */
  overrides: Partial<Config> | ((dialect: TestDialect) => Partial<Config>) = {},
): void {
  describeEachDialect(name, (dialect) => {
    let testDb: TestDatabase;
    let app: FastifyInstance;
    let database: DatabaseHandle;
    let config: Config;
    let token: Promise<string> | undefined;

    beforeAll(async () => {
      testDb = await createMigratedTestDatabase(dialect);
      config = testConfig(testDb, typeof overrides === 'function' ? overrides(dialect) : overrides);
      database = createDatabase(config.database);
      app = await buildApp(config, { database, logger: false });
      await app.ready();
    });

    afterAll(async () => {
      await app?.close();
      await database?.close();
      await testDb?.drop();
    });

    const ctx: TestContext = {
      dialect,
      get app() {
        return app;
      },
      get database() {
        return database;
      },
      get config() {
        return config;
      },
      staffToken() {
        token ??= (async () => {
          await createStaff(database.db, STAFF);
          const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email: STAFF.email, password: STAFF.password } });
          if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
          return res.json<{ token: string }>().token;
        })();
        return token;
      },
      async asStaff(options) {
        const t = await ctx.staffToken();
        return app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${t}` } });
      },
    };
    fn(ctx);
  });
}

/**
 * A fresh, migrated database of one dialect for the enclosing describe block, without an app
 * (for the data layer's own tests), closed and dropped after the block. Read `.database` inside tests.
 */
export function useMigratedDatabase(dialect: TestDialect): { readonly database: DatabaseHandle } {
  let testDb: TestDatabase | undefined;
  const holder = {} as { database: DatabaseHandle };
  beforeAll(async () => {
    testDb = await createMigratedTestDatabase(dialect);
    holder.database = createDatabase(testDb.config);
  });
  afterAll(async () => {
    await holder.database?.close();
    await testDb?.drop();
  });
  return holder;
}
