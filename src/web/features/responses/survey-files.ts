import type { QuestionFileModel, SurveyModel } from 'survey-core';
import { RESPONSE_BODY_LIMIT } from '#shared/responses/responses.contract';
import { utf8Length } from '#shared/surveys/campaigns.contract';
import {
  SURVEY_FILE_MAX_BYTES,
  SURVEY_FILE_MESSAGES,
  SURVEY_FILES_ROUTES,
  surveyFileIdOf,
  type SurveyFileUploadResult,
} from '#shared/responses/survey-files.contract';
import { api, errorMessage } from '#web/lib/api-client';

export interface SurveyVisitor {
  campaignId: string;
  email: string;
  emailId: string;
}

function uploadFile(visitor: SurveyVisitor, file: File): Promise<SurveyFileUploadResult> {
  const form = new FormData();
  form.append('email', visitor.email);
  form.append('emailId', visitor.emailId);
  form.append('file', file, file.name);
  return api.call(SURVEY_FILES_ROUTES.upload, { params: [visitor.campaignId], body: form });
}

/**
 * Files go to the server on their own as soon as they are chosen, and the answer keeps only their
 * reference: SurveyJS would otherwise put each file in the answer as text, and an answer over the
 * 256 KB limit could never be sent. The visitor sees the kinds of file and the limit before choosing.
 */
export function sendFilesSeparately(survey: SurveyModel, visitor: () => Promise<SurveyVisitor>): void {
  for (const question of survey.getAllQuestions(false, true, true)) {
    if (question.getType() !== 'file') continue;
    const file = question as QuestionFileModel;
    file.storeDataAsText = false;
    file.waitForUpload = true;
    file.maxSize = file.maxSize > 0 ? Math.min(file.maxSize, SURVEY_FILE_MAX_BYTES) : SURVEY_FILE_MAX_BYTES;
    if (!file.acceptedTypes) file.acceptedTypes = 'image/*,application/pdf';
    file.description = file.description ? `${file.description} ${SURVEY_FILE_MESSAGES.hint}` : SURVEY_FILE_MESSAGES.hint;
  }

  // The visitor's own files are previewed from memory: the stored ones open for staff only.
  const previews = new Map<string, string>();
  survey.onUploadFiles.add((_, options) => {
    // A file chosen while the e-mail record is still being stored (email-record.ts) waits for it.
    visitor()
      .then((who) => Promise.all(options.files.map((f: File) => uploadFile(who, f))))
      .then(
        (stored) => {
          stored.forEach((s, i) => previews.set(s.url, URL.createObjectURL(options.files[i]!)));
          options.callback(stored.map((s, i) => ({ file: options.files[i], content: s.url })));
        },
        (error: unknown) => options.callback([], [errorMessage(error)]),
      );
  });
  survey.onDownloadFile.add((_, options) => {
    const content = String(options.content);
    const preview = previews.get(content);
    if (preview) return options.callback('success', preview);
    const fileId = surveyFileIdOf(content);
    if (!fileId) return options.callback('skipped', options.content);
    // Sent before a reload (or on another device): the reference is for staff, so the visitor's own
    // preview opens through a short-lived signed link, given for their record only.
    visitor()
      .then((who) => api.call(SURVEY_FILES_ROUTES.preview, { params: [fileId], body: { email: who.email, emailId: who.emailId } }))
      .then(
        (link) => options.callback('success', link.url),
        () => options.callback('error'),
      );
  });
}

/** True when the answers would be refused as too large: checked before sending, so nothing is lost. */
export function answersTooLarge(visitor: SurveyVisitor, answer: unknown): boolean {
  const body = JSON.stringify({ response: { email: visitor.email, emailId: visitor.emailId, answer } });
  return utf8Length(body) > RESPONSE_BODY_LIMIT;
}
