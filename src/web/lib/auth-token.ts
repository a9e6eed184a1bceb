import { decodeTokenClaims, isTokenExpired, type TokenClaims } from '#shared/auth/token-claims';

const KEY = 'abode.token';
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  return storage()?.getItem(KEY) ?? null;
}

export function setToken(token: string): void {
  storage()?.setItem(KEY, token);
  listeners.forEach((l) => l());
}

export function clearToken(): void {
  storage()?.removeItem(KEY);
  listeners.forEach((l) => l());
}

export function subscribeToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The signed-in staff member, or null. An expired token is removed (SPEC.md §4). */
export function currentStaff(): Pick<TokenClaims, 'name' | 'email' | 'exp' | 'role'> | null {
  const token = getToken();
  if (!token) return null;
  const claims = decodeTokenClaims(token);
  if (!claims || typeof claims.name !== 'string' || !claims.name || isTokenExpired(claims)) {
    clearToken();
    return null;
  }
  return { name: claims.name, email: claims.email ?? '', exp: claims.exp!, role: claims.role === 'owner' ? 'owner' : 'staff' };
}
