import { describe, expect, it } from 'vitest';
import { isPagePath, leadPath, paths } from '../../src/shared/paths';

describe('lead pages', () => {
  it('answers the leads list and any lead detail as pages, deep-linkable', () => {
    expect(isPagePath(paths.leads)).toBe(true);
    expect(isPagePath(leadPath('abc-123'))).toBe(true);
    expect(leadPath('a/b')).toBe('/dashboard/leads/a%2Fb');
  });

  it('keeps other paths under leads unknown', () => {
    expect(isPagePath('/dashboard/leads/abc/edit')).toBe(false);
    expect(isPagePath('/dashboard/leads/')).toBe(false);
    expect(isPagePath('/dashboard/nothing')).toBe(false);
  });
});
