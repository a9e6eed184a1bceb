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
  // The dashboard's "Today" panel, above the campaign cards.
  'staff.today.title': 'Today',
  'staff.today.loading': 'Loading what is waiting today…',
  'staff.today.empty': 'Nothing waiting today',
  'staff.today.failed': 'Today’s figures did not load.',
  'staff.today.newLeads': '{count, plural, one {new lead} other {new leads}}',
  'staff.today.overdueLeads': '{count, plural, one {overdue lead} other {overdue leads}}',
  'staff.today.visitsToday': '{count, plural, one {site visit today} other {site visits today}}',
  'staff.today.visitsTomorrow': '{count, plural, one {site visit tomorrow} other {site visits tomorrow}}',
  'staff.today.unreadMessages': '{count, plural, one {unread message} other {unread messages}}',
  'staff.today.open.newLeads': 'open the leads inbox showing new leads',
  'staff.today.open.overdueLeads': 'open the leads inbox showing overdue leads',
  'staff.today.open.visitsToday': 'open today’s site visits',
  'staff.today.open.visitsTomorrow': 'open tomorrow’s site visits',
  'staff.today.open.unreadMessages': 'open the unread contact messages',
} as const;

export type StaffMessageKey = keyof typeof staffEn;
