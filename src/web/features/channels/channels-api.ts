import { fileRoute, route } from '#shared/api-route';
import { type channelAnswerSchema, type channelListSchema, type NewChannel, type ChannelUpdate } from '#shared/channels/channels.contract';
import { CHANNELS_API } from '#shared/channels/channels.api';
import type { messageAnswer } from '#shared/api-answer';
import { api } from '#web/lib/api-client';

// Staff: the channels of the campaigns (decision 0032 names the public side).

const LIST = route<typeof channelListSchema>('GET', CHANNELS_API.channels);
const CREATE = route<typeof channelAnswerSchema>('POST', CHANNELS_API.channels);
const UPDATE = route<typeof channelAnswerSchema>('PATCH', CHANNELS_API.one);
const DELETE = route<typeof messageAnswer>('DELETE', CHANNELS_API.one);
const QR_SVG = fileRoute('GET', CHANNELS_API.qrSvg);
const QR_PNG = fileRoute('GET', CHANNELS_API.qrPng);

export const fetchChannels = (signal?: AbortSignal) => api.call(LIST, { signal });
export const createChannel = (body: NewChannel) => api.call(CREATE, { body });
export const updateChannel = (id: string, body: ChannelUpdate) => api.call(UPDATE, { params: [id], body });
export const deleteChannel = (id: string) => api.call(DELETE, { params: [id] });
/** The QR code of the channel's short link (with its UTM values), drawn by the server. */
export const fetchQr = (id: string, format: 'svg' | 'png', size = 1024) =>
  format === 'svg' ? api.call(QR_SVG, { params: [id], query: `size=${size}` }) : api.call(QR_PNG, { params: [id], query: `size=${size}` });
