import { isFit, type ListingMatches, type MatchedListing } from './listing-match';

/**
 * How matches are told, in one place for /result, the visitor's e-mail, the staff e-mail and the
 * lead's page: a section for homes and one for decor, each only when the survey asks
 * about it; its title says plainly whether the listings fit or are only the nearest.
 */
export type MatchAudience = 'visitor' | 'staff';

export interface MatchSection {
  kind: 'projects' | 'products';
  /** The section's heading: "Homes that fit you", "Homes nearest to what you asked for", … */
  title: string;
  /** Whether the items fit; false: they are the nearest, each with its misses. */
  fits: boolean;
  /** A sentence under the heading when the items do not fit, or when there are none. */
  note: string | null;
  items: MatchedListing[];
}

const WORDS = {
  projects: {
    visitor: {
      fit: 'Homes that fit you',
      near: 'Homes nearest to what you asked for',
      none: 'Homes for you',
      nearNote: 'None of our homes fits everything you asked for yet. These come nearest; each says where it falls short.',
      noneNote: 'None of our current homes fits what you asked for yet, so an advisor will shortlist homes for you by hand.',
    },
    staff: {
      fit: 'Homes that fit',
      near: 'No home fits: the nearest',
      none: 'Homes',
      nearNote: 'No home fits every answer; the nearest, with where each falls short.',
      noneNote: 'No home fits these answers.',
    },
  },
  products: {
    visitor: {
      fit: 'Decor ideas',
      near: 'Decor nearest to what you asked for',
      none: 'Decor ideas',
      nearNote: 'None of our decor fits everything you asked for yet. These come nearest; each says where it falls short.',
      noneNote: 'None of our current decor fits what you asked for yet, so an advisor will suggest pieces for you by hand.',
    },
    staff: {
      fit: 'Decor ideas',
      near: 'No decor fits: the nearest',
      none: 'Decor',
      nearNote: 'No decor fits every answer; the nearest, with where each falls short.',
      noneNote: 'No decor fits these answers.',
    },
  },
} as const;

export function matchSections(matches: ListingMatches | undefined, audience: MatchAudience): MatchSection[] {
  if (!matches) return [];
  const sections: MatchSection[] = [];
  for (const kind of ['projects', 'products'] as const) {
    const items = matches[kind];
    if (!matches.asked[kind] && items.length === 0) continue;
    const words = WORDS[kind][audience];
    const fits = items.length > 0 && items.every(isFit);
    if (items.length === 0) sections.push({ kind, title: words.none, fits: false, note: words.noneNote, items });
    else if (fits) sections.push({ kind, title: words.fit, fits: true, note: null, items });
    else sections.push({ kind, title: words.near, fits: false, note: words.nearNote, items });
  }
  return sections;
}

/** What is said of one listing after its name: its reasons, or for a nearest "not a fit: …" ('' for a fit without reasons). */
export function matchDetail(item: MatchedListing): string {
  if (isFit(item)) return item.reasons.join(', ');
  const fitting = item.reasons.length > 0 ? ` (fits: ${item.reasons.join(', ')})` : '';
  return `not a fit: ${item.misses.join('; ')}${fitting}`;
}

/** One listing in a line of text: "Lakeside — 3 BHK, in Whitefield", or "Baner Heights — not a fit: …". */
export function matchLine(item: MatchedListing): string {
  const detail = matchDetail(item);
  return detail ? `${item.name} — ${detail}` : item.name;
}
