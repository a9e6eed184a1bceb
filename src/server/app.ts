import { staffRoutes } from '#server/features/auth/staff.routes';
import { declaredAccess, type Access } from '#server/features/auth/access';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import { createDatabase, type DatabaseHandle } from './db/database';
import { GroupCommitter } from './db/group-commit';
import { migrateToLatest } from './db/migrate';
import type { Database } from './schema';
import { auditRoutes } from './features/audit';
import { authRoutes, registerAuthGuard } from './features/auth/auth.plugin';
import { loginThrottle } from './features/auth/auth.service';
import { campaignRoutes } from './features/surveys/campaigns.routes';
import { responseRoutes } from './features/responses/responses.routes';
import { surveyFileRoutes } from './features/responses/survey-files.routes';
import { resultRoutes } from './features/results/results.routes';
import { contactRoutes } from './features/contact/contact.routes';
import { consentRoutes } from './features/consent/consent.routes';
import { secretKey } from './features/auth/token';
import { leadsRoutes } from './features/leads/leads.routes';
import { importRoutes } from './features/imports';
import { inboundRoutes } from './features/inbound';
import { leadForFollowUp } from './features/leads';
import { FollowUpJob, followUpRoutes } from './features/followup';
import { todayRoutes } from './features/dashboard';
import { isUnsubscribed, unsubscribeLinks } from './features/consent';
import { completedByChannel, countResponses, responseCountsByCampaign } from './features/responses';
import { privacyRoutes, RetentionJob } from '#server/features/privacy';
import { PERSON_ROW_TABLES, personalDataRegistry } from './personal-data.registry';
import { leadsSources, notificationSources } from './room-sources';
import { demoContentRoutes } from './demo-content';
import { listingPagesRoutes } from './features/listings/listing-pages.routes';
import { listingsRoutes } from './features/listings/listings.routes';
import { listingPhotoRoutes } from './features/listings/listing-photos.routes';
import { mediaRoutes } from './features/media/media.routes';
import { systemRoutes } from './features/system/system.routes';
import { pagesPlugin } from './features/pages/pages.plugin';
import { seoRoutes } from './features/pages/seo.routes';
import { NotificationDispatcher } from './features/notifications/dispatcher';
import { DEFAULT_VISITOR_MAIL_LIMITS, VisitorMailGate } from './features/notifications/visitor-mail';
import { createMailer, type Mailer } from './features/notifications/mailer';
import { notificationRoutes } from './features/notifications/notifications.routes';
import { settingsRoutes } from './features/settings/settings.routes';
import { SettingsService } from './features/settings/settings.service';
import { clientErrorHandler, frameworkErrors, methodNotAllowedOrNotFound, registerErrorHandler } from './lib/error-handler';
import { routeMethods } from './lib/route-methods';
import { registerContentCache } from './lib/content-cache';
import { registerSecurityHeaders } from './lib/security-headers';
import { registerNulGuard } from './lib/nul-guard';
import { registerBodyGuard, registerPathGuard } from './lib/request-guard';
import { registerErrorResponses } from './lib/error-responses';
import { requestLogSerializer } from './lib/log-redact';
import { createAttemptLimiters } from './lib/throttle';
import { sharedBudgetStore } from './lib/public-write-limit';
import { configuredSiteUrl } from './lib/site-url';
import { SYSTEM_API } from '#shared/system/system.api';
import { VisitJobs, visitRoutes, visitsStartingBetween, type VisitContext } from './features/visits';
import { staffContacts, staffRecipients } from './features/auth';
import { channelByCode, channelRoutes, pruneLinkVisitors, recordLinkVisit } from './features/channels';
import { funnelRoutes } from './features/funnel';
import { kioskRoutes } from './features/kiosk';
import { matchesFor } from './features/matching';

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
    routeInventory: Array<Pick<RouteOptions, 'method' | 'url'> & { readonly access: Access; readonly response: unknown }>;
    /** Sends staff and visitor e-mail (SMTP, or .eml files in the data folder). */
    mailer: Mailer;
    /** Delivers the notification outbox; `wake()` after a write that recorded an event. */
    notifications: NotificationDispatcher;
    /** The studio's settings as they are now, on every instance. */
    settings: SettingsService;
    /** Site visits' mails and reminders; tests run it by hand. */
    visitJobs: VisitJobs;
    /** Reminders and the morning digest (tests run it by hand, with their clock). */
    followUp: FollowUpJob;
    /** The daily retention run and its sweeps (tests run them by hand, with their clock). */
    retention: RetentionJob;
    /** Counts a load of a channel's page (short link or embed) for the funnel: one per visitor per channel per studio day (decision 0035). */
    recordLinkVisit: (channelId: string, address: string, now: Date) => Promise<boolean>;
  }
}

/**
 * Fastify's per-request lines ("incoming request", "request completed", a 4xx answer, a route not
 * found) at debug rather than info: at the default level a running server prints only what needs
 * someone's attention, and the start-up banner (src/server/server.ts) stays the last thing on screen.
 * LOG_LEVEL=debug brings them back; failed requests and 5xx answers stay at error.
 */
class QuietRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) super.requestCompleted(error, request, reply);
    else if (!this.isLogDisabled(request)) reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (reply.statusCode >= 500) super.defaultErrorLog(error, request, reply);
    else if (!this.isLogDisabled(request)) reply.log.debug({ res: reply, err: error }, error.message);
  }
  override routeNotFound(request: FastifyRequest, reply: FastifyReply): void {
    if (!this.isLogDisabled(request)) reply.log.debug(`Route ${request.raw.method}:${request.raw.url} not found`);
  }
}

const hopCount = (hops: number) => (_address: string, hop: number) => hop < hops;

export interface BuildAppOptions {
  /** An open database to use (tests share one per file); by default one is opened from config. */
  database?: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** The clock of time-driven work (follow-up, visits, retention, channels, kiosk sync…); the real time by default. */
  clock?: () => Date;
  /** Where the app's own logger writes (tests read it); stdout by default. */
  logStream?: NodeJS.WritableStream;
}

export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: '[redacted]' },
      // Resume tokens and signed links travel in query strings: never into the log.
      serializers: { req: requestLogSerializer },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    logController: new QuietRequestLog(),
    // Fastify treats a bare number as "trust nothing" (a hop count cannot check the peer); the
    // operator who sets a count states that every request comes through that many proxies.
    trustProxy: typeof config.trustProxy === 'number' ? hopCount(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    // While stopping, a request that reaches a route was accepted: serve it (Fastify adds
    // Connection: close), do not answer 503 (src/server/server.ts).
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    frameworkErrors,
    clientErrorHandler,
  });
  const routeInventory: Array<Pick<RouteOptions, 'method' | 'url'> & { readonly access: Access; readonly response: unknown }> = [];
  app.decorate('routeInventory', routeInventory);
  app.addHook('onRoute', (route) => {
    // Read when asked, not now: a plugin's own onRoute hook (run after this one) may still declare it.
    routeInventory.push({
      method: route.method,
      url: route.url,
      get access() {
        return declaredAccess(route);
      },
      get response() {
        return route.schema?.response;
      },
    });
  });
  // Every route that declares its answers takes the error answer for every 4xx status too.
  registerErrorResponses(app);
  // Every route says who may call it: one that does not is a startup error.
  app.addHook('onReady', async () => {
    for (const route of routeInventory) void route.access;
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ownsDatabase = !options.database;
  const database = options.database ?? createDatabase(config.database);
  // ioredis only when there is a Redis to talk to (decision 0061: one instance never loads it).
  const redis = config.redisUrl ? new (await import('ioredis')).Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false }) : null;
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
  database.checkpointer?.setLog(app.log);
  app.decorate('redis', redis);
  app.decorate('writes', new GroupCommitter(database.db, database.dialect, { syncLog: database.syncLog }));
  app.decorate('publicWriteRateLimit', { max: config.publicWriteLimit, timeWindow: 60_000 });

  // Counted for the dispatcher, which yields to a flood of visitors.
  let answered = 0;
  app.addHook('onResponse', (_request, _reply, done) => {
    answered++;
    done();
  });
  const settings = new SettingsService(database.db, config);
  app.decorate('settings', settings);
  const mailer = createMailer({ smtpUrl: config.notify.smtpUrl, from: config.notify.mailFrom, mailDir: config.notify.mailDir });
  // One budget for every visitor mail, outbox or not (decision 0014).
  const visitorMailGate = new VisitorMailGate({
    db: database.db,
    dialect: database.dialect,
    secret: config.jwtSecret,
    limits: () => config.notify.visitorMailLimits ?? DEFAULT_VISITOR_MAIL_LIMITS,
  });
  const unsubscribeOf = (email: string) => unsubscribeLinks(config.jwtSecret, configuredSiteUrl(config), email);
  const notifications = new NotificationDispatcher({
    visitorMailGate,
    db: database.db,
    dialect: database.dialect,
    writes: app.writes,
    mailer,
    log: app.log,
    sources: notificationSources,
    requestCount: () => answered,
    settings: {
      ...config.notify,
      publicBaseUrl: config.publicBaseUrl,
      siteUrl: configuredSiteUrl(config),
      studio: config.studio,
      unsubscribeSecret: config.jwtSecret,
    },
    mailSettings: () => settings.mail(),
  });
  app.decorate('mailer', mailer);
  app.decorate('notifications', notifications);
  if (config.notify.dispatch) app.addHook('onReady', async () => notifications.start());
  // The daily retention run, with the other background work (tests run it by hand).
  // Decision 0035: every poll also drops the link visitors' hashes of days before yesterday, visits or none.
  const retention = new RetentionJob({
    database,
    registry: personalDataRegistry,
    mailDir: config.notify.mailDir,
    retention: () => settings.current(),
    sweeps: [async (now) => pruneLinkVisitors(database.db, now, (await settings.current()).timeZone)],
    ...(options.clock ? { now: options.clock } : {}),
  });
  app.decorate('retention', retention);
  if (config.notify.dispatch) app.addHook('onReady', async () => retention.start());
  // Site visits' invitations and reminders.
  const visitContext: VisitContext = {
    db: database.db,
    now: options.clock ?? (() => new Date()),
    timeZone: async () => (await settings.current()).timeZone,
    async studio() {
      const current = await settings.current();
      return { name: current.name, email: current.email, address: current.address };
    },
    siteUrl: configuredSiteUrl(config),
    secret: config.jwtSecret,
    ...(config.visitBookingsPerAddressDay ? { bookingsPerAddressDay: config.visitBookingsPerAddressDay } : {}),
  };
  const visitJobs = new VisitJobs({
    db: database.db,
    send: (mail) => mailer.send(mail),
    async studio() {
      const [current, mail] = await Promise.all([settings.current(), settings.mail()]);
      return { name: current.name, email: current.email, address: current.address, timeZone: current.timeZone, from: mail.from };
    },
    // Who on the staff side hears of a visit: the lead's assignee, and those who hear of new leads.
    async staffRecipients({ leadId }) {
      const mail = await settings.mail();
      const everyone = await staffRecipients(database.db, mail.notifyEmails);
      const assigneeId = (await leadForFollowUp(database.db, leadId))?.assigneeId;
      const assignee = assigneeId ? (await staffContacts(database.db, [assigneeId])).get(assigneeId) : undefined;
      const first = assignee?.active ? [assignee.email] : [];
      return [...new Set([...first, ...everyone].map((email) => email.toLowerCase()))];
    },
    siteUrl: visitContext.siteUrl,
    secret: visitContext.secret,
    // The visitor's invitation, updates and reminders are visitor mail: not to the unsubscribed, within the limits.
    visitorMail: {
      allow: async (to, sender) => !(await isUnsubscribed(database.db, to)) && (await visitorMailGate.take(to, sender)),
      unsubscribe: unsubscribeOf,
    },
    log: app.log,
    ...(options.clock ? { now: options.clock } : {}),
  });
  app.decorate('visitJobs', visitJobs);
  if (config.notify.dispatch) app.addHook('onReady', async () => visitJobs.start());
  // First-contact and next-action reminders through the outbox; the morning digest.
  const followUp = new FollowUpJob({
    db: database.db,
    settings: () => settings.current(),
    send: async (mail) => mailer.send({ ...mail, from: (await settings.mail()).from }),
    siteUrl: configuredSiteUrl(config),
    wake: () => notifications.wake(),
    visits: (from, to) => visitsStartingBetween(database.db, from, to),
    ...(options.clock ? { now: options.clock } : {}),
  });
  app.decorate('followUp', followUp);
  if (config.notify.dispatch) app.addHook('onReady', async () => followUp.start());
  app.addHook('preClose', async () => {
    await visitJobs.stop();
    await followUp.stop();
    await retention.stop();
    await notifications.stop();
    mailer.close();
  });

  registerSecurityHeaders(app);
  registerErrorHandler(app);
  registerNulGuard(app);
  registerBodyGuard(app);
  registerPathGuard(app);
  registerContentCache(app);
  app.setNotFoundHandler(methodNotAllowedOrNotFound(routeMethods(routeInventory)));

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Abode API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  // Only public writes carry a rate limit (`publicWriteRateLimit`): one budget per address across them.
  await app.register(fastifyRateLimit, { global: false, store: sharedBudgetStore(redis, `${config.redisKeyPrefix}rate:public-write:`) });
  await app.register(fastifyMultipart, {
    limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 21, headerPairs: 100 },
  });

  const limiters = createAttemptLimiters(database, redis, config.redisKeyPrefix);
  app.addHook('onClose', async () => limiters.close());
  const authDeps = { db: database.db, config, throttle: loginThrottle(limiters, config), key: secretKey(config.jwtSecret) };
  registerAuthGuard(app, authDeps);
  await app.register(authRoutes, authDeps);
  await app.register(staffRoutes, { limiters, key: authDeps.key });
  await app.register(systemRoutes);
  app.get(SYSTEM_API.docs, { config: { access: 'staff' }, schema: { hide: true } }, async () => app.swagger());

  // Feature routes.
  await app.register(mediaRoutes);
  await app.register(listingsRoutes);
  await app.register(listingPhotoRoutes);
  await app.register(listingPagesRoutes);
  await app.register(campaignRoutes, { countResponses, responseCounts: responseCountsByCampaign });
  await app.register(responseRoutes, { now: options.clock ?? (() => new Date()) });
  await app.register(resultRoutes);
  await app.register(surveyFileRoutes);
  await app.register(contactRoutes, { now: options.clock ?? (() => new Date()) });
  await app.register(notificationRoutes);
  await app.register(inboundRoutes, { now: options.clock ?? (() => new Date()) });
  await app.register(importRoutes, { now: options.clock ?? (() => new Date()) });
  // A lead's page reads the person's records from the rooms that keep them (decision 0020).
  await app.register(leadsRoutes, { ...leadsSources, personTables: PERSON_ROW_TABLES });
  await app.register(privacyRoutes, {
    registry: personalDataRegistry,
    mailer,
    secret: config.jwtSecret,
    siteUrl: configuredSiteUrl(config),
    studioName: async () => (await settings.current()).name,
    // Within the limits; an unsubscribed address may still ask for its data (decision 0014).
    mailPolicy: { allow: (to, sender) => visitorMailGate.take(to, sender), unsubscribe: unsubscribeOf },
  });
  await app.register(followUpRoutes, { now: options.clock ?? (() => new Date()) });
  await app.register(todayRoutes, { now: options.clock ?? (() => new Date()) });
  await app.register(settingsRoutes);
  await app.register(demoContentRoutes, { registry: personalDataRegistry });
  await app.register(consentRoutes, { now: options.clock ?? (() => new Date()) });
  await app.register(auditRoutes);
  await app.register(visitRoutes, {
    context: visitContext,
    wake: () => {
      notifications.wake();
      visitJobs.wake();
    },
  });
  const channelContext = { db: app.db, now: options.clock ?? (() => new Date()), siteUrl: configuredSiteUrl(config), completedByChannel };
  await app.register(channelRoutes, { context: channelContext, timeZone: async () => (await settings.current()).timeZone });
  const linkVisits = { db: database.db, secret: config.jwtSecret, timeZone: async () => (await settings.current()).timeZone };
  app.decorate('recordLinkVisit', (channelId: string, address: string, now: Date) => recordLinkVisit(linkVisits, channelId, address, now));
  await app.register(funnelRoutes, { now: channelContext.now, timeZone: linkVisits.timeZone });
  await app.register(kioskRoutes, {
    context: {
      db: app.db,
      writes: app.writes,
      now: options.clock ?? (() => new Date()),
      siteUrl: configuredSiteUrl(config),
      settings: (db) => settings.current(db),
      matches: (campaignId, answer) => matchesFor(app.contentCache, app.db, campaignId, answer),
      wake: () => notifications.wake(),
    },
  });

  await app.register(seoRoutes);
  await app.register(pagesPlugin, {
    clientDir: config.clientDir,
    ssrDir: config.ssrDir,
    async linkVisit(code, address) {
      const channel = await channelByCode(channelContext, code);
      if (channel) await app.recordLinkVisit(channel.id, address, channelContext.now());
    },
  });
  return app;
}
