import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { matchListings, type ListingMatches, type MatchableProduct, type MatchableProject, type MatchInput } from '#shared/matching/listing-match';
import { matchDetail, matchLine } from '#shared/matching/match-sections';
import type { EventData } from '#server/features/notifications/event-data';
import { staffLeadMail, visitorConfirmationMail } from '#server/features/notifications/emails/lead-emails';

// The English a match says, captured from the matcher before its reasons became values
// (docs/decisions/0047): the stored result, the API's `reasons` and `misses`, the staff's lead page,
// /result and both e-mails keep these strings byte for byte. Fixed listings and answers reach every
// form of reason and miss.

const NOW = new Date('2026-01-15T00:00:00Z');

const home = (id: string, area: string, sizeofunit: string, squareft: number, price: number | null, done: string): MatchableProject => ({
  _id: id,
  name: id,
  image: `/media/${id}.jpg`,
  area,
  squareft,
  sizeofunit,
  dateofcomplition: done,
  price,
});

const homes: MatchableProject[] = [
  home('Lakeside', 'Whitefield, Bengaluru', '3 BHK', 1450, 15_000_000, '15-03-2027'),
  home('Edge Six', 'Indiranagar, Bengaluru', '3 BHK', 1600, 9_500_000, '15-12-2026'),
  home('Baner Heights', 'Baner, Pune', '2 BHK', 1100, 24_000_000, '10-12-2028'),
  home('Palm Grove Villas', 'Hebbal, Bengaluru', '4 BHK villa', 2600, 21_000_000, '01-06-2027'),
  home('Sky Plot', 'Koramangala, Bengaluru', 'Plot', 2400, 18_000_000, '01-02-2027'),
];

const piece = (id: string, description: string, price: number, tags: string[]): MatchableProduct => ({ _id: id, productname: id, image: `/media/${id}.jpg`, description, price, tags });
const pieces: MatchableProduct[] = [
  piece('Teak Sofa', 'A teak sofa.', 125_000, ['Classic']),
  piece('Cane Armchair', 'Cane and rattan.', 45_000, ['Boho', 'Scandinavian']),
  piece('Oak chair', 'Oak.', 600_000, ['Rustic']),
];

const fitting: MatchInput[] = [
  { match: 'project.maxPrice', values: [{ value: 20_000_000, text: '₹1–2 crore', band: { min: 10_000_000, max: 20_000_000 } }] },
  { match: 'project.bedrooms', values: [{ value: 3, text: '3 BHK' }] },
  { match: 'project.locality', values: [{ value: 'Whitefield', text: 'Whitefield' }] },
  { match: 'project.minSqft', values: [{ value: 1400, text: '1400' }] },
  { match: 'project.readyBy', values: [{ value: '2027-06-30', text: '2027-06-30' }] },
  { match: 'project.type', values: [{ value: 'apartment', text: 'Apartment' }] },
  { match: 'product.maxPrice', values: [{ value: 200_000, text: 'Up to ₹2 lakh' }] },
  { match: 'product.keywords', values: [{ value: 'Classic', text: 'Classic' }] },
];

const nearest: MatchInput[] = [
  { match: 'project.maxPrice', values: [{ value: 10_000_000, text: '₹50 lakh – ₹1 crore', band: { min: 5_000_000, max: 10_000_000 } }] },
  { match: 'project.bedrooms', values: [{ value: '4', text: '4' }, { value: '5+', text: '5+' }] },
  { match: 'project.locality', values: [{ value: 'Indiranagar or Jayanagar', text: 'Indiranagar or Jayanagar' }, { value: 'Pune', text: 'Pune' }, { value: 'Atlantis', text: 'Atlantis' }] },
  { match: 'project.minSqft', values: [{ value: 3000, text: '3000' }] },
  { match: 'project.readyBy', values: [{ value: 6, text: 'Within 6 months' }] },
  { match: 'project.type', values: [{ value: 'penthouse', text: 'Penthouse' }, { value: 'Duplex', text: 'Duplex' }] },
  { match: 'product.maxPrice', values: [{ value: 40_000, text: 'Up to ₹40,000' }, { value: 50_000_000, text: 'Above ₹5 crore', band: { min: 50_000_000, max: null } }] },
  { match: 'product.keywords', values: [{ value: 'walnut', text: 'Walnut' }, { value: 'teak', text: 'teak' }] },
];

// Places in two cities and one unknown, a home whose size names no bedrooms ("Plot") and one with no
// size given, a price below its range, a decor piece above its budget and of no style asked for.
const elsewhere: MatchInput[] = [
  { match: 'project.locality', values: [{ value: 'Indiranagar', text: 'Indiranagar' }, { value: 'Koramangala', text: 'Koramangala' }, { value: 'Atlantis', text: 'Atlantis' }] },
  { match: 'project.bedrooms', values: [{ value: 3, text: '3' }, { value: 4, text: '4' }] },
  { match: 'project.maxPrice', values: [{ value: 30_000_000, text: '₹2–3 crore', band: { min: 20_000_000, max: 30_000_000 } }] },
  { match: 'product.keywords', values: [{ value: 'Walnut', text: 'Walnut' }] },
  { match: 'product.maxPrice', values: [{ value: 40_000, text: '₹40,000' }] },
];
const farHomes = [homes[2]!, home('Blank', 'Hebbal, Bengaluru', ' ', 1200, null, '01-02-2027')];

const told = (matches: ListingMatches) =>
  [...matches.projects, ...matches.products].map((item) => ({ name: item.name, reasons: item.reasons, misses: item.misses, line: matchLine(item), detail: matchDetail(item) }));

const fits = matchListings(fitting, { projects: homes, products: pieces }, NOW);
const near = matchListings(nearest, { projects: homes, products: pieces }, NOW);
const other = matchListings(elsewhere, { projects: homes, products: pieces }, NOW);
const far = matchListings(elsewhere.slice(0, 2), { projects: farHomes, products: [] }, NOW);

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

describe('match reasons in English, as they were before they became values', () => {
  it('says what fits', () => {
    expect(told(fits)).toEqual([
      {
        name: 'Lakeside',
        reasons: ['within your budget', '3 BHK', 'in Whitefield', '1,450 sq. ft', 'ready by Mar 2027', 'apartment'],
        misses: [],
        line: 'Lakeside — within your budget, 3 BHK, in Whitefield, 1,450 sq. ft, ready by Mar 2027, apartment',
        detail: 'within your budget, 3 BHK, in Whitefield, 1,450 sq. ft, ready by Mar 2027, apartment',
      },
      { name: 'Teak Sofa', reasons: ['within your budget', 'Classic'], misses: [], line: 'Teak Sofa — within your budget, Classic', detail: 'within your budget, Classic' },
    ]);
  });

  it('says why the nearest are not a fit', () => {
    expect(told(near)).toEqual([
      {
        name: 'Edge Six',
        reasons: [
          'within your budget',
          'in Indiranagar'
        ],
        misses: [
          '3 BHK, you asked for 4 or 5+',
          '1,600 sq. ft, you asked for at least 3,000',
          'ready Dec 2026, you want to move in by Jul 2026',
          'an apartment, you asked for a penthouse or Duplex'
        ],
        line: 'Edge Six — not a fit: 3 BHK, you asked for 4 or 5+; 1,600 sq. ft, you asked for at least 3,000; ready Dec 2026, you want to move in by Jul 2026; an apartment, you asked for a penthouse or Duplex (fits: within your budget, in Indiranagar)',
        detail: 'not a fit: 3 BHK, you asked for 4 or 5+; 1,600 sq. ft, you asked for at least 3,000; ready Dec 2026, you want to move in by Jul 2026; an apartment, you asked for a penthouse or Duplex (fits: within your budget, in Indiranagar)'
      },
      {
        name: 'Palm Grove Villas',
        reasons: [
          '4 BHK'
        ],
        misses: [
          '₹2.1 crore, above your ₹50 lakh–₹1 crore budget',
          'in Hebbal, Bengaluru, you asked for Indiranagar or Jayanagar',
          '2,600 sq. ft, you asked for at least 3,000',
          'ready Jun 2027, you want to move in by Jul 2026',
          'a villa, you asked for a penthouse or Duplex'
        ],
        line: 'Palm Grove Villas — not a fit: ₹2.1 crore, above your ₹50 lakh–₹1 crore budget; in Hebbal, Bengaluru, you asked for Indiranagar or Jayanagar; 2,600 sq. ft, you asked for at least 3,000; ready Jun 2027, you want to move in by Jul 2026; a villa, you asked for a penthouse or Duplex (fits: 4 BHK)',
        detail: 'not a fit: ₹2.1 crore, above your ₹50 lakh–₹1 crore budget; in Hebbal, Bengaluru, you asked for Indiranagar or Jayanagar; 2,600 sq. ft, you asked for at least 3,000; ready Jun 2027, you want to move in by Jul 2026; a villa, you asked for a penthouse or Duplex (fits: 4 BHK)'
      },
      {
        name: 'Baner Heights',
        reasons: [
          'in Pune'
        ],
        misses: [
          '₹2.4 crore, above your ₹50 lakh–₹1 crore budget',
          '2 BHK, you asked for 4 or 5+',
          '1,100 sq. ft, you asked for at least 3,000',
          'ready Dec 2028, you want to move in by Jul 2026',
          'an apartment, you asked for a penthouse or Duplex'
        ],
        line: 'Baner Heights — not a fit: ₹2.4 crore, above your ₹50 lakh–₹1 crore budget; 2 BHK, you asked for 4 or 5+; 1,100 sq. ft, you asked for at least 3,000; ready Dec 2028, you want to move in by Jul 2026; an apartment, you asked for a penthouse or Duplex (fits: in Pune)',
        detail: 'not a fit: ₹2.4 crore, above your ₹50 lakh–₹1 crore budget; 2 BHK, you asked for 4 or 5+; 1,100 sq. ft, you asked for at least 3,000; ready Dec 2028, you want to move in by Jul 2026; an apartment, you asked for a penthouse or Duplex (fits: in Pune)'
      },
      {
        name: 'Teak Sofa',
        reasons: [
          'within your budget',
          'teak'
        ],
        misses: [],
        line: 'Teak Sofa — within your budget, teak',
        detail: 'within your budget, teak'
      }
    ]);
  });

  it('says places in other cities, a size without bedrooms, a size not given, a price below its range', () => {
    expect(told(other)).toEqual([
      {
        name: 'Edge Six',
        reasons: [
          'in Indiranagar',
          '3 BHK'
        ],
        misses: [
          '₹95 lakh, below your ₹2–3 crore budget'
        ],
        line: 'Edge Six — not a fit: ₹95 lakh, below your ₹2–3 crore budget (fits: in Indiranagar, 3 BHK)',
        detail: 'not a fit: ₹95 lakh, below your ₹2–3 crore budget (fits: in Indiranagar, 3 BHK)'
      },
      {
        name: 'Palm Grove Villas',
        reasons: [
          '4 BHK',
          'within your budget'
        ],
        misses: [
          'in Hebbal, Bengaluru, you asked for Indiranagar or Koramangala'
        ],
        line: 'Palm Grove Villas — not a fit: in Hebbal, Bengaluru, you asked for Indiranagar or Koramangala (fits: 4 BHK, within your budget)',
        detail: 'not a fit: in Hebbal, Bengaluru, you asked for Indiranagar or Koramangala (fits: 4 BHK, within your budget)'
      },
      {
        name: 'Sky Plot',
        reasons: [
          'in Koramangala'
        ],
        misses: [
          'Plot, you asked for 3 or 4 BHK',
          '₹1.8 crore, below your ₹2–3 crore budget'
        ],
        line: 'Sky Plot — not a fit: Plot, you asked for 3 or 4 BHK; ₹1.8 crore, below your ₹2–3 crore budget (fits: in Koramangala)',
        detail: 'not a fit: Plot, you asked for 3 or 4 BHK; ₹1.8 crore, below your ₹2–3 crore budget (fits: in Koramangala)'
      },
      {
        name: 'Cane Armchair',
        reasons: [],
        misses: [
          'not Walnut',
          '₹45,000, above your ₹40,000 budget'
        ],
        line: 'Cane Armchair — not a fit: not Walnut; ₹45,000, above your ₹40,000 budget',
        detail: 'not a fit: not Walnut; ₹45,000, above your ₹40,000 budget'
      }
    ]);
  });

  it('says a home in another city and one whose size is not given', () => {
    expect(told(far)).toEqual([
      {
        name: 'Blank',
        reasons: [],
        misses: [
          'in Hebbal, Bengaluru, you asked for Indiranagar or Koramangala',
          'size not given, you asked for 3 or 4 BHK'
        ],
        line: 'Blank — not a fit: in Hebbal, Bengaluru, you asked for Indiranagar or Koramangala; size not given, you asked for 3 or 4 BHK',
        detail: 'not a fit: in Hebbal, Bengaluru, you asked for Indiranagar or Koramangala; size not given, you asked for 3 or 4 BHK'
      },
      {
        name: 'Baner Heights',
        reasons: [],
        misses: [
          'in Pune, you asked for Indiranagar or Koramangala, Bengaluru or Atlantis',
          '2 BHK, you asked for 3 or 4'
        ],
        line: 'Baner Heights — not a fit: in Pune, you asked for Indiranagar or Koramangala, Bengaluru or Atlantis; 2 BHK, you asked for 3 or 4',
        detail: 'not a fit: in Pune, you asked for Indiranagar or Koramangala, Bengaluru or Atlantis; 2 BHK, you asked for 3 or 4'
      }
    ]);
  });

  it('keeps both e-mails byte for byte', () => {
    const data: EventData = {
      lead: { _id: 'lead-1', email: 'asha@example.com', name: 'Asha Rao', phone: '+919876543210' },
      activity: { type: 'response', at: '2026-01-15T10:00:00.000Z', campaignId: 'c1', campaignName: 'Home survey', completed: true, answers: [{ question: 'Budget', answer: '₹1–2 crore' }] },
      matches: { projects: [...fits.projects, ...near.projects, ...other.projects, ...far.projects], products: [...fits.products, ...near.products, ...other.products], asked: { projects: true, products: true } },
    };
    const studio = { name: 'Abode', address: '1 MG Road, Bengaluru', phone: '+91 80 4123 4567', whatsapp: '+918041234567', email: 'hello@abode.example', mapUrl: '', social: { instagram: '', facebook: '', linkedin: '' } };
    const staff = staffLeadMail(data, { to: ['staff@abode.example'], leadUrl: 'https://abode.example/leads/lead-1', studioName: 'Abode' });
    const visitor = visitorConfirmationMail(data, studio, undefined, { siteUrl: 'https://abode.example', prices: new Map([['Lakeside', 15_000_000]]) });
    expect({ staffText: sha(staff.text), staffHtml: sha(staff.html), visitorText: sha(visitor.text), visitorHtml: sha(visitor.html) }).toEqual({
      staffText: 'c36b6ff8b626fcae901fe34cb376a48d2630d36a0918d342567d7201ce16b267',
      staffHtml: '8b297e87769ead46dd8b15425e1257a43fc4d491a6c37ff4ee8da2564f9c0f99',
      visitorText: '09543ed8a1b438225676548ee661842b6c05f772e5cf07dc9d849e3dac87a893',
      visitorHtml: '67dd9ce56f1f428becbd295cd36b8ef679544f558dd46b98ad707fcbbc91d703'
    });
  });
});
