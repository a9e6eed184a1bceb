/** The drop-off's computation lives in lib (the responses room keeps each visitor's contribution with it: decision 0058). */
export { dropoffSurvey, surveyDropoff, type DropoffVisitor } from '#server/lib/survey-dropoff';
