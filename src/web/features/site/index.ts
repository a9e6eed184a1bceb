// The site room's door: what other web features may use (README, "What is where").
export { Component as NotFound } from './not-found-page';
