/** Matching's public face: the listings that fit a survey's answers. */
export { matchesFor } from './matching.service';
