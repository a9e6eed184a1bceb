import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// What `npm ci` installs (package-lock.json) must run on every Node.js the README promises
// (package.json "engines"), or a newcomer's install prints EBADENGINE; and every package with an
// install script must be decided in "allowScripts", or npm warns about it on every install.
interface LockEntry {
  version?: string;
  engines?: { node?: string } | string[];
  hasInstallScript?: boolean;
}
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string }; allowScripts?: Record<string, boolean> };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockEntry> };
const installed = Object.entries(lock.packages).filter(([where]) => where.startsWith('node_modules/'));
const nameOf = (where: string) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);

describe('package-lock.json', () => {
  const oldest = semver.minVersion(pkg.engines.node)!.version;

  it(`installs no package whose engines exclude the oldest supported Node.js (${pkg.engines.node})`, () => {
    expect(oldest).toBe('20.19.0');
    const excluding = installed
      .map(([where, entry]) => ({ where, version: entry.version, node: Array.isArray(entry.engines) ? undefined : entry.engines?.node }))
      .filter(({ node }) => node !== undefined && !semver.satisfies(oldest, node))
      .map(({ where, version, node }) => `${nameOf(where)}@${version} wants node ${node}`);
    expect(excluding).toEqual([]);
  });

  it('has every package with an install script allowed or denied in package.json "allowScripts"', () => {
    const undecided = installed
      .filter(([where, entry]) => entry.hasInstallScript && typeof pkg.allowScripts?.[nameOf(where)] !== 'boolean')
      .map(([where]) => nameOf(where));
    expect(undecided).toEqual([]);
  });
});
