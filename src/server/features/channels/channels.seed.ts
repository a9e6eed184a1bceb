import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { newId } from '#server/lib/ids';
import type { ChannelKind } from '#shared/channels/channels.contract';
import * as repo from './channels.repository';
import { newChannelCode } from './channels.service';

/** One demo channel per kind, so a first start shows what channels are for: each its own link and QR code. */
const DEMO_CHANNELS: ReadonlyArray<{ name: string; kind: ChannelKind; utmSource: string; utmMedium: string; allowedOrigins?: string[] }> = [
  { name: 'Website link (demo)', kind: 'link', utmSource: 'website', utmMedium: 'referral' },
  { name: 'Hoarding QR, Outer Ring Road (demo)', kind: 'qr', utmSource: 'hoarding', utmMedium: 'offline' },
  { name: 'Partner builder site (demo)', kind: 'embed', utmSource: 'partner', utmMedium: 'embed', allowedOrigins: ['https://partner.example'] },
  { name: 'WhatsApp broadcast (demo)', kind: 'whatsapp', utmSource: 'whatsapp', utmMedium: 'message' },
  { name: 'Instagram ad (demo)', kind: 'ad', utmSource: 'instagram', utmMedium: 'paid_social' },
  { name: 'Property expo kiosk (demo)', kind: 'kiosk', utmSource: 'expo', utmMedium: 'event' },
  { name: 'Brochure (demo)', kind: 'other', utmSource: 'brochure', utmMedium: 'print' },
];

/** The demo channels of the demo survey `campaignId` (a fresh database: no code can clash but by chance, then another is drawn). */
export async function seedDemoChannels(db: Kysely<Database>, campaignId: string, now = new Date()): Promise<void> {
  for (const channel of DEMO_CHANNELS) {
    let code = newChannelCode();
    while (await repo.codeTaken(db, code)) code = newChannelCode();
    await repo.insertChannel(db, {
      id: newId(),
      code,
      name: channel.name,
      campaignId,
      kind: channel.kind,
      utmSource: channel.utmSource,
      utmMedium: channel.utmMedium,
      utmCampaign: 'demo',
      utmContent: null,
      opensAt: null,
      closesAt: null,
      cap: null,
      paused: false,
      allowedOrigins: JSON.stringify(channel.allowedOrigins ?? []),
      createdAt: now,
      updatedAt: now,
    });
  }
}
