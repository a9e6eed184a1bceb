/**
 * Where a survey may send a visitor once it is completed (SurveyJS `navigateToUrl` and
 * `navigateToUrlOnCondition`): a page of this site only. Staff-written JSON must not become a way
 * to send visitors (with their e-mail in the address) to another site.
 */

export const OFF_SITE_NAVIGATION_MESSAGE =
  'The address a survey opens when it is completed must be a page of this site, starting with a single "/" (for example /viewProjects).';

/**
 * True for a path on this site: one "/" then not "/", "\" or a placeholder (which a visitor's
 * answer could turn into "//other.site"), and no whitespace or control characters (which browsers
 * drop from addresses, so "/\t/other.site" opens another site).
 */
export function isSitePath(url: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /^\/(?![/\\{])/.test(url) && !/[\s\u0000-\u001f\u007f]/.test(url);
}

/**
 * The addresses a navigation property holds that are not pages of this site: a plain address, or
 * SurveyJS's localized form `{ "default": …, "fr": … }` (every language's). Anything else (a list, a
 * number, a nested object) is no address SurveyJS should be given, and is refused as it stands.
 */
function offSiteAddresses(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  if (typeof value === 'string') return isSitePath(value) ? [] : [value];
  if (typeof value === 'object' && !Array.isArray(value)) {
    return Object.values(value).flatMap((text) => (typeof text === 'string' ? offSiteAddresses(text) : [JSON.stringify(text) ?? String(text)]));
  }
  return [JSON.stringify(value) ?? String(value)];
}

/** Every navigation address in the survey JSON that is not a page of this site. */
export function offSiteNavigation(survey: unknown): string[] {
  const found: string[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    for (const [key, item] of Object.entries(value)) {
      // SurveyJS reads property names without regard to case.
      const name = key.toLowerCase();
      if (name === 'navigatetourl') found.push(...offSiteAddresses(item));
      if (name === 'navigatetourloncondition' && Array.isArray(item)) {
        for (const entry of item) {
          if (typeof entry !== 'object' || entry === null) continue;
          for (const [entryKey, url] of Object.entries(entry)) if (entryKey.toLowerCase() === 'url') found.push(...offSiteAddresses(url));
        }
      }
      visit(item);
    }
  };
  visit(survey);
  return found;
}
