import { z } from 'zod';
import { LANGUAGES } from './languages';

/** The answer to a language the site does not have. */
export const LANGUAGE_FIELD_MESSAGE = `language must be one of: ${LANGUAGES.join(', ')}.`;

/**
 * A request's optional `language`: the page's language, which the visitor's e-mails
 * follow. Left out is English; anything but a language of the site is refused (400).
 */
export const languageField = z.enum(LANGUAGES, { message: LANGUAGE_FIELD_MESSAGE }).optional();
