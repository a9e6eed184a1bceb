// What the funnel tests set up through HTTP: a studio taking site visits at any hour, a channel, a
// visitor giving an e-mail (through a channel's code, or none).
import { expect } from 'vitest';
import type { Channel } from '#shared/channels/channels.contract';
import { DEFAULT_SLOT_SETTINGS } from '#shared/visits/visits.contract';
import type { TestContext } from '../helpers/app';
import { multipart } from '../helpers/multipart';
import { testImage } from '../helpers/images';

/** A studio with visit slots open round the clock, 2 seats of 30 minutes, 20 days ahead; its id. */
export async function addVisitStudio(ctx: TestContext, title: string, address: string): Promise<string> {
  const body = await multipart(
    { title, address, gmaplink: 'https://maps.example/studio' },
    { bytes: await testImage('png'), filename: 's.png', type: 'image/png' },
  );
  const res = await ctx.asStaff({ method: 'POST', url: '/api/studio/add', payload: body.payload, headers: body.headers });
  expect(res.statusCode, res.body).toBe(201);
  const studio = res.json<{ _id: string }>()._id;
  const settings = {
    ...DEFAULT_SLOT_SETTINGS,
    enabled: true,
    weeklyHours: DEFAULT_SLOT_SETTINGS.weeklyHours.map(() => ({ open: true, from: '00:00', to: '23:59' })),
    slotMinutes: 30,
    seats: 2,
    daysAhead: 20,
  };
  expect((await ctx.asStaff({ method: 'PUT', url: `/api/visits/settings/${studio}`, payload: settings })).statusCode).toBe(200);
  return studio;
}

export async function addLinkChannel(ctx: TestContext, campaignId: string, name: string): Promise<Channel> {
  const res = await ctx.asStaff({ method: 'POST', url: '/api/channels', payload: { name, kind: 'link', campaignId } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ channel: Channel }>().channel;
}

/** A visitor gives an e-mail (through a channel's code, or none); the e-mail record's id. */
export async function giveEmail(ctx: TestContext, email: string, campaignId: string, code?: string): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/email/add', payload: { email, campaignid: campaignId, ...(code ? { channel: code } : {}) } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ emailID: string }>().emailID;
}
