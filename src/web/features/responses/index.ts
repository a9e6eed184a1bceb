// The responses room's door: what other web features may use (README, "What is where").
export { Component as LandingPage } from './landing-page';
// The journey's pages: the site's, or a channel's embed pages inside another site's frame (decision 0034).
export { JourneyPathsProvider, type JourneyPaths } from './journey-paths';
