import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageAnswer } from '#shared/api-answer';
import {
  KIOSK_BATCH_MAX,
  KIOSK_MESSAGES,
  KIOSK_UPLOAD_LIMIT,
  kioskBatchResultSchema,
  kioskBatchSchema,
  kioskConfigSchema,
  kioskConflictListSchema,
  kioskDeviceCreatedSchema,
  kioskDeviceListSchema,
  kioskDeviceQuerySchema,
  kioskOutcomeSchema,
  kioskQueueFileSchema,
  kioskResponseSchema,
  kioskUploadResultSchema,
  newKioskDeviceSchema,
} from '#shared/kiosk/kiosk.contract';
import { KIOSK_API } from '#shared/kiosk/kiosk.api';
import { RESPONSE_BODY_LIMIT } from '#shared/responses/responses.contract';
import { badRequest } from '#server/lib/errors';
import { readMultipartForm } from '#server/lib/multipart-form';
import * as kiosk from './kiosk.service';
import type { KioskContext } from './kiosk.service';

const idParams = z.object({ id: z.string().min(1).max(100) });

/** Expo tablets (README "Expo tablets"): staff pair and revoke them; they send their queued answers with their key. */
export async function kioskRoutes(app: FastifyInstance, options: { context: KioskContext }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = options.context;
  const tags = ['kiosk'];

  r.get(
    KIOSK_API.devices,
    { config: { access: 'staff' }, schema: { tags, querystring: kioskDeviceQuerySchema, response: { 200: kioskDeviceListSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return kiosk.listDevices(ctx, request.query.channelId || undefined);
    },
  );

  r.post(
    KIOSK_API.devices,
    { config: { access: 'staff' }, schema: { tags, body: newKioskDeviceSchema, response: { 201: kioskDeviceCreatedSchema } }, bodyLimit: 8 * 1024 },
    async (request, reply) =>
      reply
        .status(201)
        .header('cache-control', 'no-store')
        .send(await kiosk.createDevice(ctx, request.body, request.staff!)),
  );

  r.delete(KIOSK_API.device.pattern, { config: { access: 'owner' }, schema: { tags, params: idParams, response: { 200: messageAnswer } } }, async (request) => {
    await kiosk.revokeDevice(ctx, request.params.id, request.staff!);
    return { message: KIOSK_MESSAGES.deviceRevoked };
  });

  // The tablet's own calls: its key (not a staff token, not the visitors' rate limit) says who it is.
  r.post(
    KIOSK_API.responses,
    {
      config: { access: 'key' },
      schema: { tags, body: kioskResponseSchema, response: { 200: kioskOutcomeSchema, 201: kioskOutcomeSchema } },
      bodyLimit: RESPONSE_BODY_LIMIT,
      // The key before the body: a caller without one learns nothing of the body's rules.
      preValidation: async (request) => void (await kiosk.authenticateDevice(ctx, request.headers.authorization, undefined)),
    },
    async (request, reply) => {
      const { device, channel } = await kiosk.authenticateDevice(ctx, request.headers.authorization, request.body.channel);
      const result = await kiosk.takeAnswer(ctx, { channel, deviceId: device.id, via: 'tablet' }, request.body);
      if (result.outcome === 'refused') throw badRequest(result.message, result.errors);
      if (result.outcome === 'conflict') throw kiosk.conflictError(result);
      return reply.status(result.outcome === 'stored' ? 201 : 200).send(result);
    },
  );

  r.post(
    KIOSK_API.batch,
    {
      config: { access: 'key' },
      schema: { tags, body: kioskBatchSchema, response: { 200: kioskBatchResultSchema } },
      bodyLimit: Math.min(KIOSK_BATCH_MAX * RESPONSE_BODY_LIMIT, 32 * 1024 * 1024),
      preValidation: async (request) => void (await kiosk.authenticateDevice(ctx, request.headers.authorization, undefined)),
    },
    async (request) => {
      const { device, channel } = await kiosk.authenticateDevice(ctx, request.headers.authorization, request.body.channel);
      return kiosk.takeAnswers(ctx, { channel, deviceId: device.id, via: 'tablet' }, request.body.responses);
    },
  );

  r.get(
    KIOSK_API.config.pattern,
    { config: { access: 'public' }, schema: { tags, params: z.object({ code: z.string().min(1).max(20) }), response: { 200: kioskConfigSchema } } },
    async (request, reply) => {
      // The service worker keeps it; online, the tablet asks again and picks up a new version.
      reply.header('cache-control', 'public, max-age=60');
      return kiosk.kioskConfig(ctx, request.params.code);
    },
  );

  r.post(KIOSK_API.uploads, { config: { access: 'staff' }, schema: { tags, response: { 200: kioskUploadResultSchema } } }, async (request) => {
    const form = await readMultipartForm(request, {
      notMultipart: KIOSK_MESSAGES.file,
      tooLarge: KIOSK_MESSAGES.file,
      limits: { fileSize: KIOSK_UPLOAD_LIMIT, files: 1 },
    });
    if (!form.file) throw badRequest(KIOSK_MESSAGES.file, [{ field: 'file', message: KIOSK_MESSAGES.file }]);
    let json: unknown;
    try {
      json = JSON.parse(form.file.bytes.toString('utf8'));
    } catch {
      throw badRequest(KIOSK_MESSAGES.fileFormat, [{ field: 'file', message: KIOSK_MESSAGES.fileFormat }]);
    }
    const parsed = kioskQueueFileSchema.safeParse(json);
    if (!parsed.success) throw badRequest(KIOSK_MESSAGES.fileFormat, [{ field: 'file', message: KIOSK_MESSAGES.fileFormat }]);
    const source = await kiosk.uploadSource(ctx, parsed.data.channel, parsed.data.deviceId);
    await kiosk.recordUpload(ctx, source.channel.id, request.staff!);
    const result = await kiosk.takeAnswers(ctx, { ...source, via: 'upload' }, parsed.data.responses);
    return { ...result, channel: source.channel.code, message: KIOSK_MESSAGES.uploaded };
  });

  r.get(
    KIOSK_API.conflicts,
    { config: { access: 'staff' }, schema: { tags, querystring: kioskDeviceQuerySchema, response: { 200: kioskConflictListSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return kiosk.listConflicts(ctx, request.query.channelId || undefined);
    },
  );
}
