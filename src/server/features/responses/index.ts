/** Responses' public face: e-mail records, answers and unfinished surveys, as other rooms may read them. */
export { countResponses } from './responses.repository';
