// The staff's first page (the dashboard's layout and its campaign cards) and what every staff page
// shows (the menu, Try again): the staff catalogue's part loaded with /dashboard's first view. The
// other areas' texts (staff-en-rest.ts) are loaded before any other staff page opens
// (features/dashboard/staff-pages.ts); staff-en.ts gathers both.
import { staffResults } from './staff-en-results';

export const staffCore = {
  ...staffResults,
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
