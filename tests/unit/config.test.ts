import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'abode-config-'));

describe('loadConfig', () => {
  it('defaults to SQLite in DATA_DIR on port 3000 and keeps a generated secret there', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ dialect: 'sqlite', file: path.join(dir, 'abode.sqlite') });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8').trim()).toBe(config.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(config.jwtSecret);
  });

  it('selects PostgreSQL for a postgres:// DATABASE_URL', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://u@h:5432/db' });
    expect(config.database).toEqual({ dialect: 'postgres', url: 'postgres://u@h:5432/db' });
  });

  it('names every bad variable', () => {
    try {
      loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      for (const name of ['PORT', 'DATABASE_URL', 'SEED_DEMO', 'LOG_LEVEL']) expect(message).toContain(name);
    }
  });

  it('requires JWT_SECRET in production with PostgreSQL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@h/db', DATA_DIR: dataDir() })).toThrow(/JWT_SECRET/);
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@h/db', JWT_SECRET: 'k'.repeat(40) }).jwtSecret).toBe('k'.repeat(40));
  });

  it("takes TRUST_PROXY as a hop count or the proxies' addresses, and refuses true with what to set", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: ' 10.0.0.0/8, 127.0.0.1 ,::1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
    ]);
    for (const value of ['true', 'yes', 'TRUE']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value })).toThrow(/TRUST_PROXY .*every hop.*number of proxies.*addresses/);
    }
    for (const value of ['10.0.0.0/33', 'proxy.local', '1.5', '-1', '127.0.0.1,']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    }
  });

  it('refuses TRUST_PROXY ranges wider than an IPv4 /8 or an IPv6 /16, or that together hold every address', () => {
    const ok = ['10.0.0.0/8', '172.16.0.0/12,192.168.0.0/16', '2001:db8::/16', 'fc00::/7', 'fe80::/10', '::ffff:10.0.0.0/104', 'loopback,uniquelocal'];
    for (const value of ok) expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value }).trustProxy, value).toEqual(value.split(','));
    const wide = [
      '0.0.0.0/1,128.0.0.0/1',
      '0.0.0.0/0',
      '10.0.0.0/7',
      '::/0',
      '::/1,8000::/1',
      '2000::/3',
      '2001::/15',
      '::ffff:0.0.0.0/96',
      '::ffff:0:0/100',
      '10.0.0.1,64.0.0.0/2',
    ];
    for (const value of wide)
      expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value }), value).toThrow(
        /TRUST_PROXY must not name a range wider than \/8 for IPv4 or \/16 for IPv6/,
      );
    // Every IPv4 address in /8s: each range is allowed, together they trust everyone.
    const everyEight = Array.from({ length: 256 }, (_, i) => `${i}.0.0.0/8`);
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: everyEight.join(',') })).toThrow(/TRUST_PROXY must not cover every IPv4 address/);
    const shuffled = [...everyEight.slice(128), '::1', ...everyEight.slice(0, 128)];
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: shuffled.join(',') })).toThrow(/TRUST_PROXY must not cover every IPv4 address/);
    // One /8 short of everything is no longer everything (and each range is allowed).
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: everyEight.slice(1).join(',') }).trustProxy).toHaveLength(255);
  });

  // A count past any real chain of proxies is "trust every hop" in disguise.
  it('refuses a TRUST_PROXY count larger than 5 at start-up, naming the limit', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '5' }).trustProxy).toBe(5);
    for (const value of ['6', '999', '4294967296']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value })).toThrow(/TRUST_PROXY must be at most 5 proxies/);
    }
  });

  it('takes the site-visit bookings per address a day from VISIT_BOOKINGS_PER_ADDRESS_DAY, 6 when unset, and refuses 0', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).visitBookingsPerAddressDay).toBe(6);
    expect(loadConfig({ DATA_DIR: dataDir(), VISIT_BOOKINGS_PER_ADDRESS_DAY: '40' }).visitBookingsPerAddressDay).toBe(40);
    expect(() => loadConfig({ DATA_DIR: dataDir(), VISIT_BOOKINGS_PER_ADDRESS_DAY: '0' })).toThrow(/VISIT_BOOKINGS_PER_ADDRESS_DAY/);
  });

  it('takes the studio WhatsApp number from STUDIO_WHATSAPP, the studio phone when unset or empty', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), STUDIO_PHONE: '+91 80 1111 2222' }).studio.whatsapp).toBe('+918011112222');
    expect(loadConfig({ DATA_DIR: dataDir(), STUDIO_PHONE: '+91 80 1111 2222', STUDIO_WHATSAPP: '' }).studio.whatsapp).toBe('+918011112222');
    expect(loadConfig({ DATA_DIR: dataDir(), STUDIO_WHATSAPP: '+91 98450 00000' }).studio.whatsapp).toBe('+919845000000');
    expect(() => loadConfig({ DATA_DIR: dataDir(), STUDIO_WHATSAPP: 'call us' })).toThrow(/STUDIO_WHATSAPP/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), STUDIO_WHATSAPP: '12345678901234567' })).toThrow(/STUDIO_WHATSAPP/);
  });

  it('normalises the studio phone and WhatsApp with +91: E.164 to link, grouped to show', () => {
    const studio = loadConfig({ DATA_DIR: dataDir(), STUDIO_PHONE: '080 4123 4567', STUDIO_WHATSAPP: '98450 99999' }).studio;
    expect(studio.phone).toBe('+91 80 4123 4567');
    expect(studio.whatsapp).toBe('+919845099999');
    expect(loadConfig({ DATA_DIR: dataDir(), STUDIO_PHONE: '98450 99999' }).studio).toMatchObject({ phone: '+91 98450 99999', whatsapp: '+919845099999' });
    // A phone that is no number (a toll-free "1800" line) is shown as written; WhatsApp must be a number.
    expect(() => loadConfig({ DATA_DIR: dataDir(), STUDIO_PHONE: '1800 123 4567' })).toThrow(/STUDIO_WHATSAPP/);
    expect(loadConfig({ DATA_DIR: dataDir(), STUDIO_PHONE: '1800 123 4567', STUDIO_WHATSAPP: '98450 99999' }).studio.phone).toBe('1800 123 4567');
  });
});
