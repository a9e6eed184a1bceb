import { describe, expect, it } from 'vitest';
import { isPagePath, leadPath, paths, surveyFilePagePath } from '#shared/paths';

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

describe('the staff page of an attached file', () => {
  it('is a page for one id, and nothing under it', () => {
    expect(surveyFilePagePath('f-1')).toBe('/dashboard/file/f-1');
    expect(isPagePath(surveyFilePagePath('f-1'))).toBe(true);
    expect(surveyFilePagePath('a/b')).toBe('/dashboard/file/a%2Fb');
    expect(isPagePath('/dashboard/file/f-1/raw')).toBe(false);
    expect(isPagePath('/dashboard/file/')).toBe(false);
  });
});
