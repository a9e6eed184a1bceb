// The staff catalogue's areas other than the first page's (staff-en-core.ts): loaded before any other
// staff page opens (features/dashboard/staff-pages.ts).
import { staffChannels } from './staff-en-channels';
import { staffDesigner } from './staff-en-designer';
import { staffFunnel } from './staff-en-funnel';
import { staffKiosk } from './staff-en-kiosk';
import { staffLeads } from './staff-en-leads';
import { staffListings } from './staff-en-listings';
import { staffSettings } from './staff-en-settings';

export const staffRest = {
  ...staffLeads,
  ...staffListings,
  ...staffSettings,
  ...staffDesigner,
  ...staffChannels,
  ...staffFunnel,
  ...staffKiosk,
} as const;
