/** Issue 38 "Leads by API": API keys (owners, under Settings) and POST /api/inbound/leads. */
export { inboundRoutes } from './inbound.routes';
export type { InboundTables } from './inbound.tables';
