import { describe, expect, it } from 'vitest';
import { listingContactLinks } from '#web/features/contact/listing-enquiry';
import { askedAbout, leadGreeting } from '#web/features/leads/lead-links';

const studio = { name: 'Abode Studio', phone: '+91 80 4123 4567', whatsapp: '+919845099999' };

/** The prefilled text of a wa.me link. */
const textOf = (href: string) => new URL(href).searchParams.get('text');

describe('listingContactLinks', () => {
  it('opens a WhatsApp chat with the studio, naming the home and linking its page', () => {
    const url = 'https://abode.example/viewProjects/0190f0f0-0000-7000-8000-000000000001';
    const links = listingContactLinks(studio, { _id: '0190f0f0-0000-7000-8000-000000000001', name: 'Lakeside Residency' }, 'project', url);
    expect(links.whatsApp.startsWith('https://wa.me/919845099999?text=')).toBe(true);
    expect(textOf(links.whatsApp)).toBe(`Hello Abode Studio, I would like to know more about Lakeside Residency: ${url}`);
    expect(links.text).toBe(textOf(links.whatsApp));
    // The studio's phone, to call, in E.164.
    expect(links.call).toBe('tel:+918041234567');
  });

  it('names a decor piece as one from the collection, and encodes what a URL would break on', () => {
    const url = 'https://abode.example/viewProducts/p1';
    const links = listingContactLinks(studio, { name: 'Cane & Teak Chair #2' }, 'product', url);
    expect(links.whatsApp).toContain('Cane%20%26%20Teak%20Chair%20%232');
    expect(textOf(links.whatsApp)).toBe(`Hello Abode Studio, I would like to know more about the Cane & Teak Chair #2 from your decor collection: ${url}`);
  });

  it('falls back to the studio phone when no WhatsApp number is set', () => {
    const links = listingContactLinks({ ...studio, whatsapp: '' }, { name: 'Palm Grove' }, 'project', 'https://abode.example/viewProjects/x');
    expect(links.whatsApp.startsWith('https://wa.me/918041234567?text=')).toBe(true);
  });
});

describe('the lead page greeting about a listing', () => {
  const lead = { campaignName: null, sources: ['contact'] };
  it('thanks the person for their question or their visit request, naming the listing', () => {
    expect(askedAbout(lead, 'Homes', { name: 'Lakeside Residency', topic: 'question' })).toBe('your question about Lakeside Residency');
    expect(askedAbout(lead, 'Homes', { name: 'Lakeside Residency', topic: 'site visit' })).toBe('your request to visit Lakeside Residency');
    expect(leadGreeting('Meera K', 'Abode', askedAbout(lead, 'Homes', { name: 'Lakeside Residency', topic: 'site visit' }))).toBe(
      'Hello Meera, this is Abode. Thank you for your request to visit Lakeside Residency. When would be a good time to talk?',
    );
    // Without a listing, as before.
    expect(askedAbout(lead, 'Homes')).toBe('your request about Homes');
  });
});
