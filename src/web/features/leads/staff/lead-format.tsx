import { formatPhone } from '#shared/phone';
import { LEAD_SOURCE_LABELS, type LeadStatus, type LeadTouch } from '#shared/leads/leads.contract';
import { staffText } from '#web/lib/staff-text';

/** Solid status colours with white text (antd's pale presets fall short of WCAG AA contrast). */
export const STATUS_COLORS: Record<LeadStatus, string> = {
  new: '#1d4e89',
  contacted: '#6b4a00',
  visit: '#5b3a8c',
  won: '#1e6b3a',
  lost: '#5c5c5c',
};

/** How staff pages name a lead: its name, else its e-mail, else its phone (a lead may be known by phone only). */
export function leadName(lead: { name: string | null; email: string | null; phone: string | null }): string {
  return lead.name || lead.email || (lead.phone ? formatPhone(lead.phone) : '—');
}

export const SOURCE_LABELS: Record<string, string> = LEAD_SOURCE_LABELS;

/** A lead's sources as staff read them; A lead sent by API names the system ("99acres (API)"). */
export function leadSourcesText(lead: { sources: readonly string[]; origin?: string | null }): string {
  return [...lead.sources.map((s) => SOURCE_LABELS[s] ?? s), ...(lead.origin ? [staffText('staff.leads.origin', { source: lead.origin })] : [])].join(', ');
}

const UTM_ORDER = ['source', 'medium', 'campaign', 'content', 'term'] as const;

/** A touch's UTM values as staff read them: "source instagram · medium social" (README "Channels"); '' for none. */
export function utmText(touch: LeadTouch | null): string {
  const utm = touch?.utm;
  if (!utm) return '';
  return UTM_ORDER.filter((f) => utm[f])
    .map((f) => `${f} ${utm[f]}`)
    .join(' · ');
}

/** The channel a touch came through: its name, "Deleted channel", or "No channel" (UTM values only). */
export function channelText(touch: LeadTouch | null): string {
  if (!touch) return '—';
  if (touch.channelId === null) return staffText('staff.channels.touch.noChannel');
  return touch.channelName ?? staffText('staff.channels.touch.deleted');
}
