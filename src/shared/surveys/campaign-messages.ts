import { EMAIL_MESSAGES } from '#shared/email';

// Campaigns' texts and size limit, apart from their schemas (campaigns.contract.ts re-exports them):
// the staff's first page shows these without loading zod.

/**
 * The most a campaign's survey JSON may weigh, in UTF-8 bytes: twice the largest real survey met
 * (1.14 MB, 109 pages, 4,116 questions). Why this figure: docs/decisions/0009-campaign-size-limit.md.
 */
export const CAMPAIGN_QUESTIONS_MAX_BYTES = 2_000_000;

/** "2 MB", "1.14 MB", "640 KB" (decimal units, as file managers show them). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1_000_000) return `${Number((bytes / 1_000_000).toFixed(2))} MB`;
  if (bytes >= 1_000) return `${Math.round(bytes / 1_000)} KB`;
  return `${bytes} bytes`;
}

/** The specification's texts for campaigns, e-mails and survey responses (SPEC.md §5, §8). */
export const CAMPAIGN_MESSAGES = {
  titleRequired: 'Please provide campaign title',
  titleTooLong: 'The campaign title must be at most 100 characters.',
  questionsRequired: 'Please add questions to the campaign',
  questionsNotJson: 'The survey definition is not valid JSON.',
  questionsNotObject: 'The survey definition must be a JSON object.',
  surveyTooLarge: (sizeBytes?: number) =>
    `${sizeBytes === undefined ? 'The survey is' : `The survey is ${formatBytes(sizeBytes)},`} over the limit of ${formatBytes(CAMPAIGN_QUESTIONS_MAX_BYTES)} for one campaign. Remove pages or questions, or split it into two campaigns.`,
  created: 'Campaign created successfully.',
  createFailed: 'Campaign creation failed.',
  updated: 'Campaign updated successfully.',
  updateFailed: 'Campaign update failed. Try again!',
  editLocked: 'This survey can not be edited. Please create a new one.',
  activated: 'Activated successfully!',
  deactivated: 'Deactivated successfully!',
  alreadyActivated: 'Already activated!',
  notFound: 'This campaign does not exist.',
  emailRequired: EMAIL_MESSAGES.required,
  emailInvalid: EMAIL_MESSAGES.invalid,
  emailTooLong: EMAIL_MESSAGES.tooLong,
  emailSaved: 'E-mail saved.',
  newsletterSaved: 'Thank you! You are on the list for our free weekly newsletter.',
  /** No survey running and the newsletter box left unticked: the e-mail is kept, nothing more promised. */
  emailKept: 'Thank you! We have your e-mail address.',
  campaignInactive: 'This survey has closed. Please reload the page to see the survey that is open now.',
  emailRecordNotFound: 'This e-mail record does not exist. Please start again from the home page.',
  emailMismatch: 'The e-mail does not match the e-mail record.',
  emailRecordOtherCampaign: 'This e-mail record belongs to another campaign.',
  answerInvalid: 'The answer must be an object of survey answers.',
  responseSaved: 'Thank you! Your response has been recorded.',
  submitFailed: 'Something went wrong.',
  thankYou: 'Thank you for letting us know your preference. we will contact you soon!',
  downloaded: 'Downloaded sucessfully',
  loadFailed: 'Something went wrong,if you think this is an issue please contact your site administrator',
  noResponses: 'SURVEY RESPONSES DOES NOT EXIST.',
  resumeLinkSent: "We've e-mailed you a link to continue",
  welcomeBack: 'Welcome back — we kept your answers',
  resumeLinkInvalid: 'This link to continue has expired or your survey is already finished. Enter your e-mail on the home page to start again.',
  surveyFinished: 'This survey is already finished: your answers have been sent.',
  /** A resume link whose survey the studio has taken down. */
  surveyClosed:
    'This survey has closed, so it can no longer be continued. Thank you for your time. You are welcome to see what the studio offers on the home page.',
} as const;
