import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { TokenClaims } from '#shared/auth/auth.contract';
import { newId } from '#server/lib/ids';

const ALGORITHM = 'HS256';

/** The token's claims, with `ver`: the account's credentials version it was issued for. */
export type StaffPrincipal = TokenClaims & { ver: number; role: 'owner' | 'staff' };

export function secretKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function signToken(
  key: Uint8Array,
  user: { id: string; name: string; email: string; tokenVersion: number; role?: 'owner' | 'staff' },
  ttlSeconds: number,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<{ token: string; claims: StaffPrincipal }> {
  const claims: StaffPrincipal = {
    sub: user.id,
    name: user.name,
    email: user.email,
    exp: nowSeconds + ttlSeconds,
    jti: newId(),
    ver: user.tokenVersion,
    role: user.role ?? 'staff',
  };
  const token = await new SignJWT({ name: claims.name, email: claims.email, ver: claims.ver, role: claims.role })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(claims.sub)
    .setJti(claims.jti)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(claims.exp)
    .sign(key);
  return { token, claims };
}

/** Verifies signature (HS256 only: `none` and every other algorithm are refused) and expiry. */
export async function verifyToken(key: Uint8Array, token: string): Promise<StaffPrincipal | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], requiredClaims: ['sub', 'exp', 'jti'] });
    if (typeof payload.name !== 'string' || typeof payload.email !== 'string') return null;
    // Tokens signed before versions existed carry none: they stand for version 0.
    const ver = payload.ver ?? 0;
    if (typeof ver !== 'number' || !Number.isSafeInteger(ver)) return null;
    const role = payload.role === 'owner' ? 'owner' : 'staff';
    return { sub: payload.sub!, name: payload.name, email: payload.email, exp: payload.exp!, jti: payload.jti!, ver, role };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}
