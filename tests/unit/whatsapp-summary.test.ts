import { describe, expect, it } from 'vitest';
import { WHATSAPP_SUMMARY_MAX, whatsAppAboutHome, whatsAppChatHref, whatsAppSummary } from '#web/features/responses/whatsapp-summary';
import { askedAbout, leadGreeting, mailtoHref, whatsAppHref } from '#web/features/leads/lead-links';

describe('Continue on WhatsApp', () => {
  it('names the studio, the survey and each answer', () => {
    const text = whatsAppSummary('Abode Studio', 'Find your dream home', [
      { title: 'Bedrooms', answer: '3 BHK' },
      { title: 'Budget', answer: '₹1 crore – ₹2 crore' },
    ]);
    expect(text).toContain('Hello Abode Studio');
    expect(text).toContain('Find your dream home');
    expect(text).toContain('• Bedrooms: 3 BHK');
    expect(text).toContain('• Budget: ₹1 crore – ₹2 crore');
  });

  it('stays within 1,000 characters however many and long the answers', () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({ title: `Question ${i}`, answer: 'x'.repeat(500) }));
    const text = whatsAppSummary('Abode Studio', 'Survey', rows);
    expect(text.length).toBeLessThanOrEqual(WHATSAPP_SUMMARY_MAX);
    expect(text).toContain('• Question 0:');
    expect(text.endsWith('Could we talk?')).toBe(true);
  });

  it('asks about one matched home by name', () => {
    expect(whatsAppAboutHome('Abode', 'Lakeside Residency')).toBe('Hello Abode, my home survey matched Lakeside Residency. Could you tell me more about it?');
  });

  it('opens a chat with the number as digits and the text encoded', () => {
    expect(whatsAppChatHref('+91 80 4123 4567', 'Hi & bye')).toBe('https://wa.me/918041234567?text=Hi%20%26%20bye');
  });
});

describe('lead contact links', () => {
  it('greets the person by first name and names the campaign or the contact request', () => {
    const campaign = leadGreeting('Priya Sharma', 'Abode', askedAbout({ campaignName: 'Find your dream home', sources: ['survey'] }));
    expect(campaign).toMatch(/^Hello Priya, this is Abode\. Thank you for your answers to “Find your dream home”/);
    const contact = leadGreeting(null, 'Abode', askedAbout({ campaignName: null, sources: ['contact'] }, 'Homes'));
    expect(contact).toMatch(/^Hello, this is Abode\. Thank you for your request about Homes/);
    expect(whatsAppHref('+91 98450 12345', 'Hi')).toBe('https://wa.me/919845012345?text=Hi');
    expect(mailtoHref('a.b@example.com', 'Abode: Homes', 'Hello')).toBe('mailto:a.b@example.com?subject=Abode%3A%20Homes&body=Hello');
  });
});
