import { route } from '#shared/api-route';
import type { messageAnswer } from '#shared/api-answer';
import {
  type kioskConflictListSchema,
  type kioskDeviceCreatedSchema,
  type kioskDeviceListSchema,
  type kioskUploadResultSchema,
} from '#shared/kiosk/kiosk.contract';
import { KIOSK_API } from '#shared/kiosk/kiosk.api';
import { api } from '#web/lib/api-client';

// Staff: a kiosk channel's tablets, the conflicting answers, the queue-file upload (README "Expo tablets").

const LIST = route<typeof kioskDeviceListSchema>('GET', KIOSK_API.devices);
const CREATE = route<typeof kioskDeviceCreatedSchema>('POST', KIOSK_API.devices);
const REVOKE = route<typeof messageAnswer>('DELETE', KIOSK_API.device);
const CONFLICTS = route<typeof kioskConflictListSchema>('GET', KIOSK_API.conflicts);
const UPLOAD = route<typeof kioskUploadResultSchema>('POST', KIOSK_API.uploads);

export const fetchTablets = (channelId: string, signal?: AbortSignal) => api.call(LIST, { query: new URLSearchParams({ channelId }), signal });
export const addTablet = (channelId: string, name: string) => api.call(CREATE, { body: { channelId, name } });
export const revokeTablet = (id: string) => api.call(REVOKE, { params: [id] });
export const fetchConflicts = (channelId: string, signal?: AbortSignal) => api.call(CONFLICTS, { query: new URLSearchParams({ channelId }), signal });

/** POST /api/kiosk/uploads (multipart `file`). */
export function uploadQueueFile(file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  return api.call(UPLOAD, { body });
}
