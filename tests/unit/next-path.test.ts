import { describe, expect, it } from 'vitest';
import { safeNextPath } from '#web/features/auth/next-path';

describe('safeNextPath', () => {
  it('keeps paths on this site, with their query and hash', () => {
    expect(safeNextPath('/dashboard/decor')).toBe('/dashboard/decor');
    expect(safeNextPath('/dashboard/campaign/result?x=1#top')).toBe('/dashboard/campaign/result?x=1#top');
    expect(safeNextPath('/viewContact')).toBe('/viewContact');
  });

  it('falls back to the dashboard for anything that could leave the site', () => {
    for (const next of [
      null,
      undefined,
      '',
      'dashboard',
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '/\\/evil.example',
      'javascript:alert(1)',
      '/dash\nboard',
      ' /dashboard',
    ]) {
      expect(safeNextPath(next), JSON.stringify(next)).toBe('/dashboard');
    }
  });

  it('does not loop back to the login or logout pages', () => {
    expect(safeNextPath('/login')).toBe('/dashboard');
    expect(safeNextPath('/login?next=%2Fdashboard')).toBe('/dashboard');
    expect(safeNextPath('/logout')).toBe('/dashboard');
  });
});
