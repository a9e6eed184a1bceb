// The staff pages' texts (issue 27): one keyed catalogue, English, the studio's staff language.
// Loaded by the staff pages' chunks only (never by a public page), parsed at build time as the
// visitor catalogues are (vite.config.ts, precompiledCatalogues). A second staff language is this
// file translated. tests/unit/staff-catalogue.test.ts fails on an English text written in a staff
// module, and on a key no module uses. Each area keeps its texts in a file of its own (staff-en-*.ts),
// gathered here.
import { staffChannels } from './staff-en-channels';
import { staffDesigner } from './staff-en-designer';
import { staffLeads } from './staff-en-leads';
import { staffListings } from './staff-en-listings';
import { staffResults } from './staff-en-results';
import { staffSettings } from './staff-en-settings';

export const staffEn = {
  ...staffLeads,
  ...staffListings,
  ...staffResults,
  ...staffSettings,
  ...staffDesigner,
  ...staffChannels,
  'staff.nav.dashboard': 'Dashboard',
  'staff.nav.leads': 'Leads',
  'staff.nav.visits': 'Site visits',
  'staff.nav.projects': 'Projects',
  'staff.nav.decor': 'Decor',
  'staff.nav.studio': 'Studio',
  'staff.nav.contactResponses': 'Contactus Responses',
  'staff.nav.settings': 'Settings',
  'staff.nav.newsletter': 'Newsletter',
  'staff.nav.webhooks': 'Webhooks',
  'staff.nav.staff': 'Staff',
  'staff.nav.sentMail': 'Sent mail',
  'staff.nav.audit': 'Audit log',
  'staff.nav.privacyRequests': 'Privacy requests',
  'staff.nav.account': 'My account',
  'staff.nav.productHome': 'Product Home',
  'staff.nav.logout': 'Logout',
  'staff.nav.newLeads': ', {count, plural, other {# new}}',
  'staff.layout.brand': 'Abode dashboard',
  'staff.layout.brandName': 'Abode',
  'staff.layout.menu': 'Dashboard',
  'staff.layout.openMenu': 'Open the menu',
  'staff.layout.closeMenu': 'Close the menu',
  'staff.layout.title': 'Studio dashboard',
  'staff.layout.signedInAs': 'Signed in as ',
  'staff.page.tryAgain': 'Try again',
  'staff.page.ownersOnly': 'Only owners can open this page.',
  'staff.page.ownersOnlyHint': 'Ask an owner of the studio if something here needs changing.',
} as const;

export type StaffMessageKey = keyof typeof staffEn;
