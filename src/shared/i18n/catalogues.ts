import type { Language } from './languages';
import { en, type Catalogue, type MessageKey } from './messages/en';

export type { Catalogue, MessageKey };

/** A language's catalogue with English for every key it lacks (a missing key falls back). */
export function withFallback(messages: Partial<Record<MessageKey, string>>): Catalogue {
  return { ...en, ...messages };
}

/** The keys of the English catalogue a language's catalogue lacks (tests expect none for Hindi). */
export function missingKeys(messages: Partial<Record<MessageKey, string>>): MessageKey[] {
  return (Object.keys(en) as MessageKey[]).filter((key) => typeof messages[key] !== 'string' || messages[key]!.trim() === '');
}

/**
 * A language's catalogue, loaded on its own (a code-split chunk in the browser): a page carries the
 * catalogue of its language only. Hindi's chunk holds English too, for the keys it lacks.
 */
export function loadCatalogue(language: Language): Promise<Catalogue> {
  if (language === 'hi') return import('./messages/hi').then(({ hi }) => withFallback(hi));
  return Promise.resolve(en);
}
