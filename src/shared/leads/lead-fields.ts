import { normalisePhone } from '../phone';
import { LEAD_FIELDS, type LeadField } from './lead-field-names';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The questions of a survey definition marked with `leadField` ("name" or "phone"), keyed by the
 * key of their answer (valueName, else name). Pure JSON walking: the server derives it once when a
 * campaign is saved, not for every response.
 */
export function leadFieldKeys(definition: unknown): Record<string, LeadField> {
  let json = definition;
  if (typeof json === 'string') {
    try {
      json = JSON.parse(json);
    } catch {
      return {};
    }
  }
  const found: Record<string, LeadField> = {};
  const visit = (elements: unknown) => {
    if (!Array.isArray(elements)) return;
    for (const element of elements) {
      if (!isObject(element)) continue;
      visit(element.elements);
      const field = element.leadField;
      if (typeof field !== 'string' || !(LEAD_FIELDS as readonly string[]).includes(field) || typeof element.name !== 'string') continue;
      const key = typeof element.valueName === 'string' && element.valueName ? element.valueName : element.name;
      found[key] = field as LeadField;
    }
  };
  if (!isObject(json)) return found;
  visit(json.elements);
  if (Array.isArray(json.pages)) for (const page of json.pages) if (isObject(page)) visit(page.elements);
  return found;
}

/** What a response says of the person: the answers to its name and phone questions, trimmed (the phone in E.164). */
export function leadDetailsFrom(keys: Record<string, LeadField>, answers: Record<string, unknown>): { name: string | null; phone: string | null } {
  const out: { name: string | null; phone: string | null } = { name: null, phone: null };
  for (const [key, field] of Object.entries(keys)) {
    const value = answers[key];
    const text = typeof value === 'string' ? value.trim().slice(0, 200) : typeof value === 'number' ? String(value) : '';
    // A phone is kept in E.164, +91 when typed without a country.
    if (text) out[field] = field === 'phone' ? normalisePhone(text) : text;
  }
  return out;
}
