/** Settings' public face: the studio's settings, read at send and render time. */
export { SettingsService, readFollowUpSettings } from './settings.service';
export { settingsRoutes } from './settings.routes';
