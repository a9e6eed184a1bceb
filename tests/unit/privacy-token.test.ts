// A privacy request's link (decision 0016) is refused once changed, even where base64url decoding would
// read the change as the same bytes: the request's id is the token's hash, so such a twin would open
// a second request. (A test that changed the last two characters failed about one run in a hundred.)
import { describe, expect, it } from 'vitest';
import { readRequestToken, requestToken } from '#server/features/privacy/privacy-requests';

const SECRET = 'a-test-secret-of-some-length-1234567890';
const NOW = new Date('2026-11-27T10:00:00Z');
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('privacy request links', () => {
  const token = requestToken(SECRET, 'Asha@Example.com', 'erase', NOW);
  const [body, sig] = token.split('.') as [string, string];

  it('reads a link as it was sent', () => {
    expect(readRequestToken(SECRET, token, NOW)).toEqual({ email: 'asha@example.com', kind: 'erase' });
  });

  it('refuses a signature written differently, though it decodes to the same bytes', () => {
    // In a 32-byte signature the last character's two lowest bits are padding, so other last
    // characters can decode to the same bytes; which ones is the runtime's base64 decoder's business.
    // Every other last character is refused, whichever those are. (Read with slice: in one CI worker,
    // after other files had run in it, `sig.at(-1)` did not give the last character.)
    const last = sig.slice(-1);
    const twins = [...ALPHABET]
      .filter((c) => c !== last)
      .map((c) => `${sig.slice(0, -1)}${c}`)
      .filter((t) => t !== sig);
    expect(twins.length).toBeGreaterThanOrEqual(63);
    for (const t of twins) expect(readRequestToken(SECRET, `${body}.${t}`, NOW), t).toBeNull();
  });

  it('refuses a changed signature, a changed body and an expired link', () => {
    const i = Math.floor(sig.length / 2);
    const changed = `${sig.slice(0, i)}${sig[i] === 'A' ? 'B' : 'A'}${sig.slice(i + 1)}`;
    expect(readRequestToken(SECRET, `${body}.${changed}`, NOW)).toBeNull();
    expect(readRequestToken(SECRET, `${body}x.${sig}`, NOW)).toBeNull();
    expect(readRequestToken(SECRET, token, new Date(NOW.getTime() + 25 * 3600_000))).toBeNull();
  });

  it('refuses the token with anything before, after or inside it', () => {
    for (const changed of [`${token}.anything`, `${token}.`, `${token}.${sig}`, `${body}..${sig}`, `${token} `, `${token}=`, `.${token}`, `${body}.${sig}\n`]) {
      expect(readRequestToken(SECRET, changed, NOW), JSON.stringify(changed)).toBeNull();
    }
  });
});
