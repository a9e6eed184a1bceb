import { describe, expect, it } from 'vitest';
import { isPagePath, isServerRenderedPath } from '#shared/paths';

describe('unknown paths', () => {
  it('renders a public one on the server (the not-found page), and leaves one under /dashboard to the browser, behind the dashboard guard', () => {
    for (const path of ['/nope', '/viewProjects/a/b', '/dashboard/nope', '/dashboard/channels/0b6d1f3e-1111-4222-8333-444455556666']) {
      expect(isPagePath(path), path).toBe(false);
    }
    expect(isServerRenderedPath('/nope')).toBe(true);
    expect(isServerRenderedPath('/viewProjects/a/b')).toBe(true);
    expect(isServerRenderedPath('/dashboard/nope')).toBe(false);
    expect(isServerRenderedPath('/dashboard/channels/0b6d1f3e-1111-4222-8333-444455556666')).toBe(false);
  });
});
