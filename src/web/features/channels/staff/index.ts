// The channels room's staff door: what other staff pages may use (the leads inbox's and the results'
// channel filters, README "Channels").
export { fetchChannels } from '../channels-api';
