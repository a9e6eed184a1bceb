import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { toIso } from '#server/db/database';
import { badRequest, conflict, HttpError, notFound, unauthorized } from '#server/lib/errors';
import { newId } from '#server/lib/ids';
import { toE164 } from '#shared/phone';
import { API_KEY_MESSAGES, INBOUND_LIMITS, INBOUND_MESSAGES, type ApiKeyItem, type InboundLeadInput } from '#shared/inbound/inbound.contract';
import { importLead } from '#server/features/leads';
import { assignCreatedLead } from '#server/features/followup';
import { recordEvent } from '#server/features/notifications';
import { inboundSubjectId } from '#shared/notifications/notifications.contract';
import { recordAudit } from '#server/features/audit';
import type { StaffPrincipal } from '#server/features/auth';
import { parseBudget } from '#server/features/imports';
import {
  countActiveApiKeys,
  findActiveApiKeyId,
  findApiKey,
  findCreatingCall,
  findInboundCall,
  insertApiKey,
  insertInboundCall,
  listApiKeys,
  noteApiKeyUsed,
  revokeApiKey,
} from './inbound.repository';

const KEY_PREFIX = 'abode_';

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The key a request carries (`Authorization: Bearer <key>`), or null. */
export function bearerKey(header: string | undefined): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m ? m[1]! : null;
}

export async function listKeys(db: Kysely<Database>): Promise<{ items: ApiKeyItem[] }> {
  const rows = await listApiKeys(db);
  return {
    items: rows.map((r) => ({
      _id: r.id,
      name: r.name,
      prefix: r.prefix,
      createdAt: toIso(r.createdAt),
      createdBy: r.createdBy,
      lastUsedAt: r.lastUsedAt ? toIso(r.lastUsedAt) : null,
      revokedAt: r.revokedAt ? toIso(r.revokedAt) : null,
    })),
  };
}

/** A new key: answered once (only its SHA-256 is kept), audited. */
export async function createKey(db: Kysely<Database>, name: string, staff: StaffPrincipal, now: Date): Promise<{ id: string; key: string; message: string }> {
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const id = newId();
  return db.transaction().execute(async (trx) => {
    if ((await countActiveApiKeys(trx)) >= INBOUND_LIMITS.keysMax) throw conflict(API_KEY_MESSAGES.tooMany);
    await insertApiKey(trx, {
      id,
      name,
      prefix: key.slice(0, KEY_PREFIX.length + 6),
      keyHash: hashKey(key),
      createdBy: staff.name,
      createdAt: now,
      lastUsedAt: null,
      revokedAt: null,
    });
    await recordAudit(trx, { actor: staff, kind: 'api-key.created', recordType: 'apiKeys', recordId: id, fields: ['name'] });
    return { id, key, message: API_KEY_MESSAGES.created };
  });
}

export async function revokeKey(db: Kysely<Database>, id: string, staff: StaffPrincipal, now: Date): Promise<{ message: string }> {
  return db.transaction().execute(async (trx) => {
    const found = await findApiKey(trx, id);
    if (!found) throw notFound(API_KEY_MESSAGES.notFound);
    if (!found.revokedAt) {
      await revokeApiKey(trx, id, now);
      await recordAudit(trx, { actor: staff, kind: 'api-key.revoked', recordType: 'apiKeys', recordId: id, fields: [] });
    }
    return { message: API_KEY_MESSAGES.revoked };
  });
}

/** The active key's id, its last use noted; a missing, unknown or revoked key is one and the same 401. */
export async function checkKey(db: Kysely<Database>, header: string | undefined, now: Date): Promise<string> {
  const key = bearerKey(header);
  if (!key) throw unauthorized(API_KEY_MESSAGES.unauthorized);
  const id = await findActiveApiKeyId(db, hashKey(key));
  if (!id) throw unauthorized(API_KEY_MESSAGES.unauthorized);
  await noteApiKeyUsed(db, id, now);
  return id;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  return value;
}

/**
 * A portal's lead: created (or added to the person's lead) with the timeline line "Received by API
 * from ‹source› (‹externalId›)", assigned and announced (lead.created: the webhook) like any new
 * lead. The same (source, externalId) again: the same answer with the same body, 409 with another.
 */
export async function receiveLead(
  db: Kysely<Database>,
  input: InboundLeadInput,
  apiKeyId: string,
  now: Date,
): Promise<{ status: 200 | 201; leadId: string; created: boolean }> {
  const budget = input.budget === undefined ? null : parseBudget(input.budget);
  if (input.budget !== undefined && budget === null)
    throw badRequest(INBOUND_MESSAGES.budgetInvalid, [{ field: 'budget', message: INBOUND_MESSAGES.budgetInvalid }]);
  if (!input.email && !input.phone) throw badRequest(INBOUND_MESSAGES.emailRequired, [{ field: 'email', message: INBOUND_MESSAGES.emailRequired }]);
  const email = input.email ?? null;
  const bodyHash = createHash('sha256')
    .update(JSON.stringify(canonical(input)))
    .digest('hex');
  const answerRepeat = (row: { bodyHash: string; leadId: string; created: number }) => {
    if (row.bodyHash !== bodyHash) throw conflict(INBOUND_MESSAGES.conflict);
    return { status: 200 as const, leadId: row.leadId, created: Number(row.created) === 1 };
  };
  const seen = await findInboundCall(db, input.source, input.externalId);
  if (seen) return answerRepeat(seen);
  try {
    return await db.transaction().execute(async (trx) => {
      const phone = input.phone ? toE164(input.phone.replace(/^\(\s*\+\s*(\d{1,3})\s*\)/, '+$1 ')) : null;
      const details = [
        input.project ? `Project: ${input.project}` : null,
        input.locality ? `Locality: ${input.locality}` : null,
        budget !== null ? `Budget: ₹${budget.toLocaleString('en-IN')}` : null,
        input.message ? `Message: ${input.message}` : null,
      ]
        .filter(Boolean)
        .join('\n');
      const lead = await importLead(trx, {
        email,
        name: input.name || null,
        phone,
        receivedAt: input.receivedAt ? new Date(input.receivedAt) : now,
        line: `Received by API from ${input.source} (${input.externalId})`,
        byId: null,
        byName: `API: ${input.source}`,
        at: now,
        details: details || null,
        origin: input.source,
        source: { text: input.source, kind: 'api' },
      });
      await insertInboundCall(trx, {
        source: input.source,
        externalId: input.externalId,
        bodyHash,
        leadId: lead.id,
        created: lead.created ? 1 : 0,
        apiKeyId,
        createdAt: now,
      });
      if (lead.created) {
        await recordEvent(trx, { type: 'lead.created', email: email ?? '', subjectId: inboundSubjectId(input.source, input.externalId), leadId: lead.id }, now);
        await assignCreatedLead(trx, { id: lead.id, email: email ?? '' }, {}, now);
      }
      return { status: 201 as const, leadId: lead.id, created: lead.created };
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // Two calls with one pair at once: the second meets the first's row.
    const raced = await findInboundCall(db, input.source, input.externalId);
    if (raced) return answerRepeat(raced);
    throw error;
  }
}

/** The call that created a lead (its source and external id), for the "New lead" mail and the lead.created webhook. */
export async function inboundOrigin(
  db: Kysely<Database>,
  leadId: string,
): Promise<{ source: string; externalId: string; createdAt: Date | string } | undefined> {
  return findCreatingCall(db, leadId);
}
