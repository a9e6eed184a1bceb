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
 * value, or null when there is none. Iterative (an explicit stack, paths built only for the hit), so
 * no depth of input can overflow the stack or cost more than one pass.
 */
export function nulPath(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  type Step = { value: unknown; key: string | number | null; parent: Step | null };
  const pathOf = (step: Step): (string | number)[] => {
    const keys: (string | number)[] = [];
    for (let at: Step | null = step; at && at.key !== null; at = at.parent) keys.push(at.key);
    return [...path, ...keys.reverse()];
  };
  const stack: Step[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    const item = step.value;
    if (typeof item === 'string') {
      if (hasNul(item)) return pathOf(step);
      continue;
    }
    if (typeof item !== 'object' || item === null) continue;
    if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push({ value: item[i], key: i, parent: step });
      continue;
    }
    const entries = Object.entries(item);
    // Keys are checked before any value below them, in order, as the recursive walk did.
    for (const [key] of entries) if (hasNul(key)) return pathOf({ value: null, key, parent: step });
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i]![1], key: entries[i]![0], parent: step });
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

/** How deeply a JSON body (an answer included) may nest objects and arrays. */
export const NESTING_LIMIT = 64;
export const ANSWER_NESTING_MESSAGE = `The request is nested too deeply (at most ${NESTING_LIMIT} levels of objects and lists).`;

/** Text with a lone surrogate (e.g. "\ud800") is not Unicode: no database stores it as sent. */
export const UNICODE_MESSAGE = 'Please remove the broken character from this text: it is not valid Unicode.';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when the text is well-formed Unicode (String.prototype.isWellFormed, without needing ES2024). */
export function isWellFormedText(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}

export type JsonProblem = { kind: 'nesting' | 'unicode'; path: (string | number)[] };

/**
 * The first value of a parsed JSON body that breaks the rules every reader relies on: nested past
 * NESTING_LIMIT, or a string or key that is not well-formed Unicode. Iterative, so no depth of
 * input can overflow the stack.
 */
export function jsonProblem(value: unknown, limit = NESTING_LIMIT): JsonProblem | null {
  const stack: Array<{ value: unknown; depth: number; path: (string | number)[] }> = [{ value, depth: 0, path: [] }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      if (!isWellFormedText(item.value)) return { kind: 'unicode', path: item.path };
      continue;
    }
    if (typeof item.value !== 'object' || item.value === null) continue;
    const depth = item.depth + 1;
    if (depth > limit) return { kind: 'nesting', path: item.path };
    if (Array.isArray(item.value)) {
      for (let i = item.value.length - 1; i >= 0; i--) stack.push({ value: item.value[i], depth, path: [...item.path, i] });
      continue;
    }
    const entries = Object.entries(item.value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      if (!isWellFormedText(key)) return { kind: 'unicode', path: [...item.path, key] };
      stack.push({ value: child, depth, path: [...item.path, key] });
    }
  }
  return null;
}

/**
 * True when JSON text nests objects and lists deeper than `limit`, read from its brackets (those
 * inside strings skipped) before anything is parsed: text nested 10,000 levels deep is refused in
 * one cheap pass instead of being built into objects first. For valid JSON it is exactly the depth
 * `jsonProblem` finds once parsed; text that is not JSON fails its parse afterwards anyway.
 */
export function jsonTextDeeperThan(text: string, limit = NESTING_LIMIT): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** True when a parsed JSON value nests objects and lists deeper than `limit` (iterative). */
export function nestedDeeperThan(value: unknown, limit = NESTING_LIMIT): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value !== 'object' || item.value === null) continue;
    const depth = item.depth + 1;
    if (depth > limit) return true;
    for (const child of Array.isArray(item.value) ? item.value : Object.values(item.value)) {
      if (typeof child === 'object' && child !== null) stack.push({ value: child, depth });
    }
  }
  return false;
}
