import { apiPath } from '#shared/api-path';

/** Files a visitor attaches to a survey (survey-files.contract.ts). */
export const SURVEY_FILES_API = {
  /** POST, public: multipart with `email`, `emailId` and one `file`; the id is the campaign's. */
  upload: apiPath('/api/campaign/file/:id'),
  /** GET, staff: the file itself (the reference an answer holds); the id is the file's. */
  file: apiPath('/api/campaign/file/:id'),
  /** GET, staff: a signed, expiring address of the file that opens without a token. */
  link: apiPath('/api/campaign/file/:id/link'),
  /**
   * POST, public: `{ email, emailId }` of the e-mail record the file was sent for (unfinished) → a
   * signed link, so the visitor's own preview shows again after a reload.
   */
  preview: apiPath('/api/campaign/file/:id/preview'),
  /** GET, public with a valid signature (`?expires=…&sig=…`). */
  signed: apiPath('/api/survey-file/:id'),
} as const;
