import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageAnswer } from '#shared/api-answer';
import {
  CHANNEL_MESSAGES,
  channelAnswerSchema,
  channelLinkQuerySchema,
  channelLinkSchema,
  channelListSchema,
  channelSchema,
  channelUpdateSchema,
  newChannelSchema,
  qrQuerySchema,
} from '#shared/channels/channels.contract';
import { CHANNELS_API } from '#shared/channels/channels.api';
import * as channels from './channels.service';
import type { ChannelContext } from './channels.service';

const idParams = z.object({ id: z.string().min(1).max(100) });

export async function channelRoutes(app: FastifyInstance, options: { context: ChannelContext; timeZone: () => Promise<string> }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = options.context;
  const tags = ['channels'];

  r.get(CHANNELS_API.channels, { config: { access: 'staff' }, schema: { tags, response: { 200: channelListSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return channels.listChannels(ctx);
  });

  r.post(
    CHANNELS_API.channels,
    { config: { access: 'staff' }, schema: { tags, body: newChannelSchema, response: { 201: channelAnswerSchema } }, bodyLimit: 32 * 1024 },
    async (request, reply) =>
      reply.status(201).send({ channel: await channels.createChannel(ctx, request.body, request.staff!), message: CHANNEL_MESSAGES.created }),
  );

  r.get(
    CHANNELS_API.one.pattern,
    { config: { access: 'staff' }, schema: { tags, params: idParams, response: { 200: channelSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return channels.getChannel(ctx, request.params.id);
    },
  );

  r.patch(
    CHANNELS_API.one.pattern,
    {
      config: { access: 'staff' },
      schema: { tags, params: idParams, body: channelUpdateSchema, response: { 200: channelAnswerSchema } },
      bodyLimit: 32 * 1024,
    },
    async (request) => ({ channel: await channels.updateChannel(ctx, request.params.id, request.body, request.staff!), message: CHANNEL_MESSAGES.updated }),
  );

  r.delete(CHANNELS_API.one.pattern, { config: { access: 'owner' }, schema: { tags, params: idParams, response: { 200: messageAnswer } } }, async (request) => {
    await channels.deleteChannel(ctx, request.params.id, request.staff!);
    return { message: CHANNEL_MESSAGES.deleted };
  });

  // The short-link page's data, read on each visit (its status follows the clock and the count).
  r.get(
    CHANNELS_API.link.pattern,
    {
      config: { access: 'public' },
      schema: { tags, params: z.object({ code: z.string().min(1).max(20) }), querystring: channelLinkQuerySchema, response: { 200: channelLinkSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return channels.channelLink(ctx, request.params.code, request.query.lang ?? 'en', await options.timeZone());
    },
  );

  // Images for the staff page (preview, download, print): not cached, the UTM values may change.
  r.get(CHANNELS_API.qrSvg.pattern, { config: { access: 'staff' }, schema: { tags, params: idParams, querystring: qrQuerySchema } }, async (request, reply) => {
    const svg = await channels.channelQrSvg(ctx, request.params.id, request.query.size);
    return reply.header('cache-control', 'no-store').type('image/svg+xml; charset=utf-8').send(svg);
  });

  r.get(CHANNELS_API.qrPng.pattern, { config: { access: 'staff' }, schema: { tags, params: idParams, querystring: qrQuerySchema } }, async (request, reply) => {
    const png = await channels.channelQrPng(ctx, request.params.id, request.query.size);
    return reply.header('cache-control', 'no-store').type('image/png').send(png);
  });
}
