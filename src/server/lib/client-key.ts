import { createHmac } from 'node:crypto';

/**
 * A client address as kept in the database where a limit needs it: a keyed hash,
 * so the address itself is never stored and cannot be recovered by trying every address.
 */
export function clientKey(secret: string, purpose: string, address: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${address}`).digest('base64url').slice(0, 32);
}
