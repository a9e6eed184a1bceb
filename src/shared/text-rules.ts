// The rule every piece of text the API takes in shares, in plain TypeScript (no zod) so the landing
// page's e-mail check can use it cheaply. PostgreSQL refuses the NUL character in text and JSON
// columns (SQLite stores it), so it is refused at the door, with a message, on both databases.

export const NUL_MESSAGE = 'Please remove the invisible NUL character from this text.';

/** True when the text holds a NUL character (U+0000). */
export function hasNul(value: string): boolean {
  return value.includes('\u0000');
}

/**
 * The path (e.g. `["answer", "q1"]`) of the first string, or object key, holding a NUL inside a JSON
 * value, or null when there is none.
 */
export function nulPath(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return hasNul(value) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPath(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (hasNul(key)) return [...path, key];
      const found = nulPath(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Bidirectional formatting characters (embeddings, overrides, isolates, marks): in a file name they
 * make "invoice\u202Efdp.exe" show as "invoiceexe.pdf". Stripped from names shown or sent.
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function stripBidiControls(value: string): string {
  return value.replace(BIDI_CONTROLS, '');
}
