import { describe, expect, it } from 'vitest';
import { formatPhone, normalisePhone, phoneSearchTerm, telHref, toE164, whatsAppHref } from '#shared/phone';

describe('phone numbers: E.164, +91 when typed without a country', () => {
  it.each([
    ['98450 99999', '+919845099999'],
    ['9845099999', '+919845099999'],
    ['098450 99999', '+919845099999'],
    ['+91 98450 99999', '+919845099999'],
    ['+91-98450-99999', '+919845099999'],
    ['+91 (0)98450 99999', '+919845099999'],
    ['+91 098450 99999', '+919845099999'],
    ['0091 98450 99999', '+919845099999'],
    ['91 98450 99999', '+919845099999'],
    ['(080) 4123 4567', '+918041234567'],
    ['+91 80 4123 4567', '+918041234567'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('%s → %s', (typed, e164) => {
    expect(toE164(typed)).toBe(e164);
  });

  it.each(['', 'call us', '12345', '98450 9999', '+91 98450 999999', '+1', '9845O99999'])('%j is not a phone number', (typed) => {
    expect(toE164(typed)).toBeNull();
  });

  it('stores E.164, or the text as typed when it is not a number', () => {
    expect(normalisePhone(' 98450 99999 ')).toBe('+919845099999');
    expect(normalisePhone(' after 6 pm ')).toBe('after 6 pm');
  });

  it('shows Indian numbers grouped, others in E.164', () => {
    expect(formatPhone('98450 99999')).toBe('+91 98450 99999');
    expect(formatPhone('+919845099999')).toBe('+91 98450 99999');
    expect(formatPhone('080 4123 4567')).toBe('+91 80 4123 4567');
    expect(formatPhone('+91 4512 345678')).toBe('+91 45123 45678');
    expect(formatPhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(formatPhone('ask at reception')).toBe('ask at reception');
  });

  it('links with the country code', () => {
    expect(whatsAppHref('98450 99999')).toBe('https://wa.me/919845099999');
    expect(whatsAppHref('98450 99999', 'Hello & welcome')).toBe('https://wa.me/919845099999?text=Hello%20%26%20welcome');
    expect(telHref('98450 99999')).toBe('tel:+919845099999');
    expect(telHref('+91 80 4123 4567')).toBe('tel:+918041234567');
  });

  it('searches a whole number in E.164 however typed, a part by its digits, text as text', () => {
    for (const typed of ['9845012345', '+91 98450 12345', '098450 12345']) expect(phoneSearchTerm(typed)).toBe('+919845012345');
    expect(phoneSearchTerm('98450 1')).toBe('984501');
    expect(phoneSearchTerm('asha')).toBeNull();
    expect(phoneSearchTerm('asha 98450')).toBeNull();
  });
});
