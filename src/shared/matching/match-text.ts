// The matches in the visitor's language (issue 27), for /result and the visitor's confirmation
// e-mail. The matcher (listing-match.ts) writes each reason and miss as an English phrase, stored
// with the response and shared with the staff's pages and e-mails (English); another language reads
// the phrase's known forms back and says them from the catalogue. A form it does not know (a place
// or a word the visitor typed) stays as it is. English is never touched.
import { formatMonthYear, parseMonthYear } from '../i18n/format';
import type { MessageKey } from '../i18n/messages/en';
import { isFit, matchName, type MatchedListing } from './listing-match';
import { PROPERTY_KINDS } from './match-places';
import type { MatchSection } from './match-sections';

type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** "Mar 2027" in the page's language ("मार्च 2027"); anything else as it is. */
function monthYear(text: string, hindi: boolean): string {
  const date = parseMonthYear(text);
  return date ? formatMonthYear(hindi ? 'hi' : 'en', date) : text;
}

/** "₹95 lakh", "₹1–2 crore": the rupee words in the page's language. */
function rupees(text: string, hindi: boolean): string {
  return hindi ? text.replace(/ lakh\b/g, ' लाख').replace(/ crore\b/g, ' करोड़') : text;
}

/** "a villa" / "villa" as the catalogue's word for the kind. */
function kind(t: Translate, text: string): string | null {
  const noun = text.replace(/^an? /, '');
  const known = PROPERTY_KINDS.find((k) => k.noun === noun);
  return known ? t(`matches.kind.${known.kind}` as MessageKey) : null;
}

const orList = (t: Translate, text: string) => text.split(' or ').join(t('matches.or'));

/** One "why it fits" phrase. */
function reasonIn(t: Translate, text: string, hindi: boolean): string {
  if (text === 'within your budget') return t('matches.reason.budget');
  let m = /^(\d+) BHK$/.exec(text);
  if (m) return t('matches.reason.bhk', { n: m[1]! });
  m = /^([\d,]+) sq\. ft$/.exec(text);
  if (m) return t('matches.reason.sqft', { size: m[1]! });
  m = /^ready by (\w{3} \d{4})$/.exec(text);
  if (m) return t('matches.reason.readyBy', { date: monthYear(m[1]!, hindi) });
  m = /^in (.+)$/.exec(text);
  if (m) return t('matches.reason.in', { place: m[1]! });
  if (text === 'size not given') return t('matches.sizeNotGiven');
  return kind(t, text) ?? rupees(text, hindi);
}

/** One "why it is not a fit" phrase. */
function missIn(t: Translate, text: string, hindi: boolean): string {
  let m = /^(₹\S+(?: lakh| crore)?), (below|above) your (.+) budget$/.exec(text);
  if (m) return t('matches.miss.price', { price: rupees(m[1]!, hindi), direction: m[2]!, band: rupees(m[3]!, hindi) });
  m = /^([\d,]+) sq\. ft, you asked for at least ([\d,]+)$/.exec(text);
  if (m) return t('matches.miss.atLeast', { size: m[1]!, min: m[2]! });
  m = /^ready (\w{3} \d{4}), you want to move in by (\w{3} \d{4})$/.exec(text);
  if (m) return t('matches.miss.ready', { date: monthYear(m[1]!, hindi), by: monthYear(m[2]!, hindi) });
  m = /^(.+?), you asked for (.+)$/.exec(text);
  if (m) {
    const asked = m[2]!.split(' or ').map((part) => kind(t, part) ?? part);
    return t('matches.miss.asked', { what: reasonIn(t, m[1]!, hindi), asked: asked.join(t('matches.or')) });
  }
  m = /^not (.+)$/.exec(text);
  if (m) return t('matches.miss.not', { what: orList(t, m[1]!) });
  return text;
}

/** The reasons and misses of a match in the page's language; on English pages, the phrases themselves. */
// `locale` is kept for the callers; the values' words come from #shared/i18n/format by language.
export function matchTexts(t: Translate, language: string, _locale?: string) {
  const english = language === 'en';
  const hindi = language === 'hi';
  return {
    reason: (text: string) => (english ? text : reasonIn(t, text, hindi)),
    miss: (text: string) => (english ? text : missIn(t, text, hindi)),
  };
}

/** A visitor's section's heading and note keys: match-sections.ts's visitor words, by what the section says. */
export function sectionKeys(section: MatchSection): { title: MessageKey; note: MessageKey | null } {
  const state = section.items.length === 0 ? 'none' : section.fits ? 'fit' : 'near';
  return { title: `matches.${section.kind}.${state}`, note: state === 'fit' ? null : `matches.${section.kind}.${state}Note` };
}

/** matchLine (match-sections.ts) in a language other than English: "name — reasons", or "name — not a fit: …". */
export function matchLineIn(t: Translate, language: string, _locale: string, item: MatchedListing): string {
  const say = matchTexts(t, language);
  const reasons = item.reasons.map(say.reason).join(t('matches.comma'));
  const detail = isFit(item)
    ? reasons
    : t('matches.line.notFit', { misses: item.misses.map(say.miss).join(t('matches.semicolon')) }) + (reasons ? t('matches.line.fitting', { reasons }) : '');
  const name = matchName(item, language);
  return detail ? `${name} — ${detail}` : name;
}
