// The matches in the visitor's language, for /result and the visitor's confirmation e-mail. A match
// keeps its reasons and misses as values (match-reasons.ts), which each language says from its
// catalogue; the English words stored beside them are the staff's (their pages and e-mails). A result
// stored before the values were kept is said in its English words, in every language.
import type { Language } from '../i18n/languages';
import type { MessageKey } from '../i18n/messages/en';
import { isFit, matchName, type MatchedListing } from './listing-match';
import { sayMiss, sayReason, type Say } from './match-reasons';
import type { MatchSection } from './match-sections';

/** The reasons and misses of a match in a language. */
export function matchTexts(t: Say, language: Language) {
  return {
    reasons: (item: MatchedListing): string[] => item.reasonValues?.map((reason) => sayReason(t, language, reason)) ?? item.reasons,
    misses: (item: MatchedListing): string[] => item.missValues?.map((miss) => sayMiss(t, language, miss)) ?? item.misses,
  };
}

/** A visitor's section's heading and note keys: match-sections.ts's visitor words, by what the section says. */
export function sectionKeys(section: MatchSection): { title: MessageKey; note: MessageKey | null } {
  const state = section.items.length === 0 ? 'none' : section.fits ? 'fit' : 'near';
  return { title: `matches.${section.kind}.${state}`, note: state === 'fit' ? null : `matches.${section.kind}.${state}Note` };
}

/** matchLine (match-sections.ts) in a language: "name — reasons", or "name — not a fit: …". */
export function matchLineIn(t: Say, language: Language, item: MatchedListing): string {
  const say = matchTexts(t, language);
  const reasons = say.reasons(item).join(t('matches.comma'));
  const detail = isFit(item)
    ? reasons
    : t('matches.line.notFit', { misses: say.misses(item).join(t('matches.semicolon')) }) + (reasons ? t('matches.line.fitting', { reasons }) : '');
  const name = matchName(item, language);
  return detail ? `${name} — ${detail}` : name;
}
