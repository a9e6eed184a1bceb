import { formatPhone } from '#shared/phone';
import { LEAD_SOURCE_LABELS, type LeadStatus } from '#shared/leads/leads.contract';

/** Solid status colours with white text (antd's pale presets fall short of WCAG AA contrast). */
export const STATUS_COLORS: Record<LeadStatus, string> = {
  new: '#1d4e89',
  contacted: '#6b4a00',
  visit: '#5b3a8c',
  won: '#1e6b3a',
  lost: '#5c5c5c',
};

/** How staff pages name a lead: its name, else its e-mail, else its phone (issue 38: a lead may be known by phone only). */
export function leadName(lead: { name: string | null; email: string | null; phone: string | null }): string {
  return lead.name || lead.email || (lead.phone ? formatPhone(lead.phone) : '—');
}

export const SOURCE_LABELS: Record<string, string> = LEAD_SOURCE_LABELS;

