/**
 * Where an imported or API lead came from (decision 0057): the row's source text, the file's name,
 * or the call's `source`. One source per spelling up to case and spaces: "99acres" and "99Acres "
 * are one.
 */
export const LEAD_SOURCE_KINDS = ['import', 'api'] as const;
export type LeadSourceKind = (typeof LEAD_SOURCE_KINDS)[number];

/** Longest source name kept. */
export const LEAD_SOURCE_MAX = 200;

/** The name as shown: trimmed, inner spaces one, at most LEAD_SOURCE_MAX characters; null when empty. */
export function leadSourceName(text: string | null | undefined): string | null {
  const name = (text ?? '').replace(/\s+/g, ' ').trim().slice(0, LEAD_SOURCE_MAX).trim();
  return name === '' ? null : name;
}

/** The key a source is grouped by: its name lower-cased; null when empty. */
export function leadSourceKey(text: string | null | undefined): string | null {
  return leadSourceName(text)?.toLowerCase() ?? null;
}
