import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditList, auditQuery } from '#shared/audit/audit.contract';
import { AUDIT_API } from '#shared/audit/audit.api';
import { listAudit } from './audit.service';

/** GET /api/audit: owners only (the roles guard reads `config.access`; until then, behind the staff guard). */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(AUDIT_API.list, { schema: { tags: ['audit'], querystring: auditQuery, response: { 200: auditList } }, config: { access: 'owner' } }, (request) =>
    listAudit(app.db, request.query),
  );
}
