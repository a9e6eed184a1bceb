/** "Leads by API": API keys (owners, under Settings) and POST /api/inbound/leads. */
export { inboundRoutes } from './inbound.routes';
export { inboundOrigin } from './inbound.service';
export type { InboundTables } from './inbound.tables';
