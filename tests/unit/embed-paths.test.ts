import { describe, expect, it } from 'vitest';
import { embedPageCode, embedPaths, isPagePath, isServerRenderedPath } from '#shared/paths';
import { embedPagePolicy } from '#server/lib/security-headers';

// A channel's embed pages (decision 0034): which paths they are, which the server renders, and their frame policy.
describe('embed paths', () => {
  it('knows /embed/<code> and its journey steps, and nothing else under /embed', () => {
    expect(embedPageCode('/embed/a2b3c4d')).toBe('a2b3c4d');
    expect(embedPageCode('/embed/a2b3c4d/survey')).toBe('a2b3c4d');
    expect(embedPageCode('/embed/a2b3c4d/result')).toBe('a2b3c4d');
    for (const other of ['/embed', '/embed/', '/embed/a2b3c4d/other', '/embed/a/b/c', '/s/a2b3c4d', `/embed/${'x'.repeat(21)}`])
      expect(embedPageCode(other), other).toBeNull();
    expect(isPagePath('/embed/a2b3c4d/survey')).toBe(true);
    expect(isPagePath('/embed/a2b3c4d/other')).toBe(false);
  });

  it('renders the first page on the server; the survey and the result in the browser, as the site does', () => {
    expect(isServerRenderedPath('/embed/a2b3c4d')).toBe(true);
    expect(isServerRenderedPath('/embed/a2b3c4d/survey')).toBe(false);
    expect(isServerRenderedPath('/embed/a2b3c4d/result')).toBe(false);
    expect(embedPaths('a2b3c4d')).toEqual({ home: '/embed/a2b3c4d', startSurvey: '/embed/a2b3c4d/survey', result: '/embed/a2b3c4d/result' });
  });

  it("lists the origins in frame-ancestors, or 'none' without any, and keeps the rest of the page policy", () => {
    expect(embedPagePolicy(['https://a.example', 'https://b.example:8443'])).toContain('frame-ancestors https://a.example https://b.example:8443');
    expect(embedPagePolicy([])).toContain("frame-ancestors 'none'");
    expect(embedPagePolicy([])).toContain("script-src 'self'");
  });
});
