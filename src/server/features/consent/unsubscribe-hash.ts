import { createHash } from 'node:crypto';

/** What an unsubscribe keeps of an erased person's address: its SHA-256, so the suppression survives erasure (decision 0016). */
export function unsubscribeHash(emailKey: string): string {
  return `sha256:${createHash('sha256').update(`abode-unsubscribe:${emailKey}`).digest('hex')}`;
}
