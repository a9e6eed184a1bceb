/** Claims carried by the staff token. */
export interface TokenClaims {
  sub: string;
  name: string;
  email: string;
  exp: number;
  jti: string;
  /** Shown to decide which navigation to offer; the server enforces every access level. */
  role?: 'owner' | 'staff';
}

/**
 * Reads the claims of a token without checking its signature: the browser only needs the name and
 * expiry to decide what to show; the server verifies every token it receives.
 */
export function decodeTokenClaims(token: string): Partial<TokenClaims> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
    const json = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    const claims: unknown = JSON.parse(json);
    return typeof claims === 'object' && claims !== null ? (claims as Partial<TokenClaims>) : null;
  } catch {
    return null;
  }
}

/** SPEC.md §9: the token's expiry is compared with the current time in seconds. */
export function isTokenExpired(claims: Partial<TokenClaims>, nowMs = Date.now()): boolean {
  return typeof claims.exp !== 'number' || claims.exp <= Math.floor(nowMs / 1000);
}
