// The responses room's door: what other web features may use (README, "What is where").
export { Component as LandingPage } from './landing-page';
