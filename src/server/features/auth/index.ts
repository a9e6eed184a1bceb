/** The auth feature's public face: who a staff member is, as other features see them. */
export type { StaffPrincipal } from './token';
export {
  activeStaff,
  activeStaffWithEmails,
  deactivateStaff,
  leadTakers,
  leadTakersNamed,
  staffContacts,
  staffEmails,
  staffNames,
  staffRecipients,
} from './staff-directory.service';
