// The kiosk room's staff door: the tablets of a kiosk channel, shown from the channels page.
export { TabletsDialog } from './tablets-dialog';
