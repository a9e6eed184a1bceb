import { createHmac, timingSafeEqual } from 'node:crypto';
import { AUTH_API } from '#shared/auth/auth.api';

/**
 * A browser that has logged in to an account before carries a signed "known device" cookie for it
 * (decision 0007): the account-wide limit on guesses does not apply to it, so an attacker guessing
 * from many addresses cannot keep the staff member out of their own browser.
 */
export const DEVICE_COOKIE = 'abode_login_device';
export const DEVICE_TTL_SECONDS = 180 * 24 * 60 * 60;

function signature(key: Uint8Array, email: string, expires: number): string {
  return createHmac('sha256', key).update(`login-device\n${email}\n${expires}`).digest('base64url');
}

/** The cookie's value for this account (the e-mail already trimmed and lower-cased). */
export function deviceToken(key: Uint8Array, email: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + DEVICE_TTL_SECONDS;
  return `${expires}.${signature(key, email, expires)}`;
}

export function isKnownDevice(key: Uint8Array, email: string, token: string | undefined, now = Date.now()): boolean {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token ?? '');
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires * 1000 <= now) return false;
  const expected = Buffer.from(signature(key, email, expires));
  const given = Buffer.from(match[2]!);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The value of one cookie in a Cookie header (no cookie plugin needed for one name). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function deviceCookieHeader(value: string, secure: boolean): string {
  return `${DEVICE_COOKIE}=${value}; Max-Age=${DEVICE_TTL_SECONDS}; Path=${AUTH_API.login}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}
