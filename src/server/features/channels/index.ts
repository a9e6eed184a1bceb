/** Channels' public face: the routes (app.ts) and a channel looked up by its short code (the short-link pages). */
export { channelRoutes } from './channels.routes';
export { seedDemoChannels } from './channels.seed';
export {
  channelByCode,
  channelNames,
  channelReference,
  listChannelNames,
  utmOf,
  channelRefusalText,
  channelUnavailable,
  embedFraming,
  type EmbedFraming,
  findVisitorChannel,
  lockChannel,
  lockVisitorChannel,
  messageAttribution,
  type StoredAttribution,
  type ChannelContext,
  type StudioContact,
  type VisitorChannel,
  channelsOfCampaign,
} from './channels.service';
export type { ChannelTables } from './channels.tables';
export { linkVisitsByChannel, pruneLinkVisitors, recordLinkVisit, type LinkVisitContext } from './link-visits';
