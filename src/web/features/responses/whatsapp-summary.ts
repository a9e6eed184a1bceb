/** The "Continue on WhatsApp" message from the result page: a short summary of the answers. */

export const WHATSAPP_SUMMARY_MAX = 1000;

const ELLIPSIS = '…';

/**
 * "Hello <studio>, I just answered <survey>:" and one "question: answer" line each, cut at whole
 * lines (a long answer is shortened) so the text stays within 1,000 characters.
 */
export function whatsAppSummary(
  studio: string,
  survey: string,
  rows: Array<{ title: string; answer: string }>,
  /** The first and last lines in the page's language; English by default. */
  words: { head: string; tail: string } = { head: `Hello ${studio}, I just answered “${survey}”. My answers:`, tail: 'Could we talk?' },
): string {
  const { head, tail } = words;
  let text = head;
  for (const row of rows) {
    let line = `\n• ${row.title}: ${row.answer}`.replace(/\s*\n\s*(?!•)/g, ' ');
    if (line.length > 200) line = `${line.slice(0, 199)}${ELLIPSIS}`;
    if (text.length + line.length + tail.length + 2 > WHATSAPP_SUMMARY_MAX) {
      text += `\n${ELLIPSIS}`;
      break;
    }
    text += line;
  }
  return `${text}\n${tail}`.slice(0, WHATSAPP_SUMMARY_MAX);
}

/** The message of "WhatsApp" beside "Ask about this home" on /result. */
export function whatsAppAboutHome(studio: string, home: string): string {
  return `Hello ${studio}, my home survey matched ${home}. Could you tell me more about it?`;
}

export function whatsAppChatHref(phone: string, text: string): string {
  // The studio's WhatsApp number comes in E.164 from the server (config.ts).
  return `https://wa.me/${phone.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}
