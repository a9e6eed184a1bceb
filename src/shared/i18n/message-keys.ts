// The catalogue key of a shared rule's or the API's message (docs/decisions/0059-api-message-keys.md).
// zod's own checks (min, max, email, enum) give an issue its English text and nothing else, so a
// text is paired with its key here, once, where an error is made: the server's error handler puts
// the key in the answer, and the public forms' own checks (src/web/lib/use-zod-form.ts) keep it with
// the text. Pages then say an error by its key; none looks a shown sentence up.
import { en, type MessageKey } from './messages/en';
import type { FieldError, Said } from '../api-error';

/** The catalogue's messages of the shared rules and the API's answers: `email.*` and `msg.*`. */
export type ApiMessageKey = Extract<MessageKey, `email.${string}` | `msg.${string}`>;

let keys: Map<string, ApiMessageKey> | null = null;

/**
 * A catalogue value's plain text: a string (the server's catalogue, the browser's plain texts), or a
 * message the browser build parsed (vite.config.ts, precompiledCatalogues) into one literal element.
 */
function plainText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.length === 1) {
    const [element] = value as Array<{ type?: unknown; value?: unknown }>;
    if (element?.type === 0 && typeof element.value === 'string') return element.value;
  }
  return undefined;
}

function keyOf(message: string): ApiMessageKey | undefined {
  if (!keys) {
    keys = new Map();
    for (const [key, value] of Object.entries(en) as Array<[MessageKey, unknown]>) {
      const text = key.startsWith('email.') || key.startsWith('msg.') ? plainText(value) : undefined;
      if (text !== undefined && !keys.has(text)) keys.set(text, key as ApiMessageKey);
    }
  }
  return keys.get(message);
}

/** The message with its catalogue key when the catalogues have it; else the message alone. */
export function said(message: string): Said {
  const key = keyOf(message);
  return key ? { message, key } : { message };
}

/** Field errors with their keys (an error that has one already keeps it). */
export function withKeys(errors: FieldError[]): FieldError[] {
  return errors.map((error) => (error.key ? error : { ...error, ...said(error.message) }));
}
