import { z } from 'zod';
import { fileRoute, route } from '../api-route';
import { SURVEY_FILES_API } from './survey-files.api';

/** Files a visitor attaches to a survey (SurveyJS `file` questions), sent on their own. */

/** The largest file a visitor may attach; told to the visitor before choosing. */
export const SURVEY_FILE_MAX_BYTES = 10_000_000;

/** Images and PDF, recognised by their first bytes (never by name or declared type). */
export const SURVEY_FILE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'] as const;
export type SurveyFileType = (typeof SURVEY_FILE_TYPES)[number];

/** "50 MB", "300 KB": a size as a person reads it. */
function sizeInWords(bytes: number): string {
  const MB = 1024 * 1024;
  if (bytes >= MB) return `${Math.round((bytes / MB) * 10) / 10} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export const SURVEY_FILE_MESSAGES = {
  hint: 'Images or PDF, up to 10 MB each.',
  wrongType: 'This file is not an image or a PDF. Please choose a photo (PNG, JPEG, GIF, WebP) or a PDF.',
  tooLarge: 'This file is larger than 10 MB. Please choose a smaller file or a compressed copy.',
  missing: 'Please choose a file to send.',
  notFound: 'There is no such file.',
  linkExpired: 'This link has expired. Open the file again from the results page.',
  /** The quota, in words a visitor understands. */
  recordFull: (bytes: number) =>
    `Your answers already have ${sizeInWords(bytes)} of files attached, the most one survey can take. Please leave out a file, or send it to the studio by e-mail.`,
  addressFull: (bytes: number) =>
    `You have sent ${sizeInWords(bytes)} of files today, the most we take from one connection in a day. Please try again tomorrow, or send the file to the studio by e-mail.`,
  storeFull: 'We cannot take more files at the moment. Please send the file to the studio by e-mail; your answers can be sent without it.',
  answersTooLarge:
    'Your answers are too long to send. Please shorten your longest answers (or attach long texts as a file); everything you typed is still here.',
} as const;

/** The paths: survey-files.api.ts. */
export { SURVEY_FILES_API };

/** `SURVEY_FILES_API.file` with its id captured (the pattern has no character special to a RegExp). */
const FILE_REFERENCE = new RegExp(`^${SURVEY_FILES_API.file.pattern.replace(':id', '([^/?#]+)')}$`);

/** The file id in the reference an answer keeps (`SURVEY_FILES_API.file`), or null for anything else (a data: URL, say). */
export function surveyFileIdOf(reference: unknown): string | null {
  if (typeof reference !== 'string') return null;
  const match = FILE_REFERENCE.exec(reference);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

export const surveyFileUploadResultSchema = z.object({
  fileId: z.string(),
  name: z.string(),
  type: z.string(),
  size: z.number(),
  /** The reference the answer keeps (SurveyJS `content`): staff open it with their token. */
  url: z.string(),
});
export type SurveyFileUploadResult = z.infer<typeof surveyFileUploadResultSchema>;

/** A signed address of the file (opens without a token until `expiresAt`), with what the file is. */
export const surveyFileLinkSchema = z.object({ url: z.string(), expiresAt: z.string(), name: z.string(), type: z.string(), size: z.number() });
export type SurveyFileLink = z.infer<typeof surveyFileLinkSchema>;

/** POST `SURVEY_FILES_API.preview`: a signed link to the visitor's own file. */
export const surveyFilePreviewSchema = z.object({ url: z.string(), expiresAt: z.string() });

/** The survey file routes with their answers. */
export const SURVEY_FILES_ROUTES = {
  upload: route('POST', SURVEY_FILES_API.upload, surveyFileUploadResultSchema),
  file: fileRoute('GET', SURVEY_FILES_API.file),
  link: route('GET', SURVEY_FILES_API.link, surveyFileLinkSchema),
  preview: route('POST', SURVEY_FILES_API.preview, surveyFilePreviewSchema),
};
