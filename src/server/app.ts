import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import { createDatabase, type DatabaseHandle } from './db/database';
import { GroupCommitter } from './db/group-commit';
import { migrateToLatest } from './db/migrate';
import type { Database } from './db/schema';
import { authRoutes, registerAuthGuard } from './features/auth/auth.plugin';
import { campaignRoutes } from './features/campaigns/campaigns.routes';
import { contactRoutes } from './features/contact/contact.routes';
import { secretKey } from './features/auth/token';
import { listingsRoutes } from './features/listings/listings.routes';
import { mediaRoutes } from './features/media/media.routes';
import { systemRoutes } from './features/system/system.routes';
import { PageCache } from './features/pages/page-cache';
import { clearPagesAfterStaffWrites, pagesPlugin } from './features/pages/pages.plugin';
import { seoRoutes } from './features/pages/seo.routes';
import { registerErrorHandler } from './lib/error-handler';
import { notFound } from './lib/errors';
import { registerSecurityHeaders } from './lib/security-headers';
import { DatabaseThrottleStore, RedisThrottleStore, type ThrottleStore } from './lib/throttle';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    database: DatabaseHandle;
    redis: Redis | null;
    /** Route option for public writes (e-mail, response, contact): a per-address rate limit. */
    publicWriteRateLimit: { max: number; timeWindow: number };
    /** Small write transactions, grouped into one commit per batch on SQLite (lead writes go here). */
    writes: GroupCommitter;
    /** Every route registered, for the route-guard test and the API description. */
    routeInventory: Array<Pick<RouteOptions, 'method' | 'url'>>;
  }
}

export interface BuildAppOptions {
  /** An open database to use (tests share one per file); by default one is opened from config. */
  database?: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: '[redacted]' },
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
  });
  const routeInventory: Array<Pick<RouteOptions, 'method' | 'url'>> = [];
  app.decorate('routeInventory', routeInventory);
  app.addHook('onRoute', (route) => {
    routeInventory.push({ method: route.method, url: route.url });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ownsDatabase = !options.database;
  const database = options.database ?? createDatabase(config.database);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false }) : null;
  app.addHook('onClose', async () => {
    if (redis) await redis.quit();
    if (ownsDatabase) await database.close();
  });
  try {
    await migrateToLatest(database.db as Kysely<unknown>);
  } catch (error) {
    await app.close();
    throw error;
  }

  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('database', database);
  app.decorate('redis', redis);
  app.decorate('writes', new GroupCommitter(database.db, database.dialect, { syncLog: database.syncLog }));
  app.decorate('publicWriteRateLimit', { max: config.publicWriteLimit, timeWindow: 60_000 });

  registerSecurityHeaders(app);
  registerErrorHandler(app);
  app.setNotFoundHandler(() => {
    throw notFound('There is no such API route.');
  });

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Abode API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifyRateLimit, { global: false, ...(redis ? { redis, nameSpace: 'abode:rate:' } : {}) });
  await app.register(fastifyMultipart, {
    limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 21, headerPairs: 100 },
  });

  const throttle: ThrottleStore = redis ? new RedisThrottleStore(redis) : new DatabaseThrottleStore(database.db);
  const authDeps = { db: database.db, config, throttle, key: secretKey(config.jwtSecret) };
  registerAuthGuard(app, authDeps);
  await app.register(authRoutes, authDeps);
  await app.register(systemRoutes);
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  // Feature routes.
  await app.register(mediaRoutes);
  await app.register(listingsRoutes);
  await app.register(campaignRoutes);
  await app.register(contactRoutes);

  await app.register(seoRoutes);
  const pageCache = new PageCache();
  clearPagesAfterStaffWrites(app, pageCache);
  await app.register(pagesPlugin, { clientDir: config.clientDir, ssrDir: config.ssrDir, cache: pageCache });
  return app;
}
