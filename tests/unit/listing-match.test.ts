import { describe, expect, it } from 'vitest';
import {
  answerNumber,
  bedroomsOf,
  listingMatchOptionsFor,
  matchInputs,
  matchListings,
  type MatchableProduct,
  type MatchableProject,
} from '../../src/shared/matching/listing-match';

const NOW = new Date(Date.UTC(2026, 10, 23));

function project(overrides: Partial<MatchableProject> & { name: string }): MatchableProject {
  return {
    _id: overrides.name.toLowerCase().replace(/\W+/g, '-'),
    image: `/media/${overrides.name}.jpg`,
    area: 'Somewhere',
    squareft: 1000,
    sizeofunit: '2 BHK',
    dateofcomplition: '01-01-2030',
    price: null,
    ...overrides,
  };
}

function product(overrides: Partial<MatchableProduct> & { productname: string }): MatchableProduct {
  return {
    _id: overrides.productname.toLowerCase().replace(/\W+/g, '-'),
    image: `/media/${overrides.productname}.jpg`,
    description: '',
    price: 1000,
    tags: [],
    ...overrides,
  };
}

const survey = (elements: unknown[], extra: Record<string, unknown> = {}) => ({ ...extra, pages: [{ name: 'p1', elements }] });

describe('reading numbers and unit sizes', () => {
  it.each([
    ['3 BHK', 3],
    ['4 BHK villa', 4],
    ['5+ BHK', 5],
    ['2bhk', 2],
    ['3 bedroom flat', 3],
    ['Studio', null],
  ])('bedroomsOf(%j) is %j', (unit, beds) => {
    expect(bedroomsOf(unit)).toBe(beds);
  });

  it.each([
    [5, 5],
    ['5', 5],
    ['5+', 5],
    ['₹95,00,000', 9_500_000],
    ['95,00,000/-', 9_500_000],
    ['2026-12-31', null],
    ['lots', null],
    [true, null],
  ])('answerNumber(%j) is %j', (value, expected) => {
    expect(answerNumber(value)).toBe(expected);
  });
});

describe('matchListings', () => {
  const homes = [
    project({ name: 'Lakeside Residency', area: 'Whitefield, Bengaluru', sizeofunit: '3 BHK', squareft: 1450, price: 9_500_000, dateofcomplition: '15-12-2026' }),
    project({ name: 'Palm Grove Villas', area: 'Sarjapur Road, Bengaluru', sizeofunit: '4 BHK villa', squareft: 2400, price: 21_000_000, dateofcomplition: '30-06-2026' }),
    project({ name: 'Powai Crest', area: 'Hiranandani, Powai, Mumbai', sizeofunit: '3 BHK', squareft: 1350, price: null, dateofcomplition: '10-11-2026' }),
    project({ name: 'Big House', area: 'Worli, Mumbai', sizeofunit: '6 BHK', squareft: 5000, price: 90_000_000, dateofcomplition: '15-01-2028' }),
  ];

  it('matches bedrooms on the number in the unit size; 5 means 5 or more', () => {
    const three = matchListings([{ match: 'project.bedrooms', values: [{ value: 3, text: '3 BHK' }] }], { projects: homes, products: [] }, NOW);
    expect(three.projects.map((p) => p.name)).toEqual(['Lakeside Residency', 'Powai Crest']);
    expect(three.projects[0]?.reasons).toEqual(['3 BHK']);
    const four = matchListings([{ match: 'project.bedrooms', values: [{ value: '4', text: '4' }] }], { projects: homes, products: [] }, NOW);
    expect(four.projects.map((p) => p.name)).toEqual(['Palm Grove Villas']);
    const fivePlus = matchListings([{ match: 'project.bedrooms', values: [{ value: '5+', text: '5+ BHK' }] }], { projects: homes, products: [] }, NOW);
    expect(fivePlus.projects.map((p) => p.name)).toEqual(['Big House']);
    expect(fivePlus.projects[0]?.reasons).toEqual(['6 BHK']);
  });

  it('matches a locality anywhere in the area, ignoring case and accents, naming it as the visitor wrote it', () => {
    const result = matchListings([{ match: 'project.locality', values: [{ value: 'powai', text: 'Powái' }] }], { projects: homes, products: [] }, NOW);
    expect(result.projects).toEqual([{ _id: 'powai-crest', name: 'Powai Crest', image: '/media/Powai Crest.jpg', reasons: ['in Powái'] }]);
  });

  it('takes several places from one text answer and does not match parts of words', () => {
    const result = matchListings(
      [{ match: 'project.locality', values: [{ value: 'Whitefield or Worli', text: 'Whitefield or Worli' }] }],
      { projects: [...homes, project({ name: 'Worlington', area: 'Worlington Park' })], products: [] },
      NOW,
    );
    expect(result.projects.map((p) => p.name).sort()).toEqual(['Big House', 'Lakeside Residency']);
  });

  it('neither excludes nor favours a home without a price when the budget rule is set', () => {
    const inputs = [
      { match: 'project.maxPrice' as const, values: [{ value: 10_000_000, text: '₹1 crore' }] },
      { match: 'project.bedrooms' as const, values: [{ value: 3, text: '3' }] },
    ];
    const result = matchListings(inputs, { projects: homes, products: [] }, NOW);
    expect(result.projects).toEqual([
      expect.objectContaining({ name: 'Lakeside Residency', reasons: ['within your budget', '3 BHK'] }),
      expect.objectContaining({ name: 'Powai Crest', reasons: ['3 BHK'] }),
    ]);
  });

  it('reads "ready by" as a date or as months from today', () => {
    const byDate = matchListings([{ match: 'project.readyBy', values: [{ value: '2026-12-31', text: '2026-12-31' }] }], { projects: homes, products: [] }, NOW);
    expect(byDate.projects.map((p) => [p.name, p.reasons])).toEqual([
      ['Lakeside Residency', ['ready by Dec 2026']],
      ['Palm Grove Villas', ['ready by Jun 2026']],
      ['Powai Crest', ['ready by Nov 2026']],
    ]);
    const inSixMonths = matchListings([{ match: 'project.readyBy', values: [{ value: 6, text: 'Within 6 months' }] }], { projects: homes, products: [] }, NOW);
    expect(inSixMonths.projects.map((p) => p.name)).toEqual(['Lakeside Residency', 'Palm Grove Villas', 'Powai Crest']);
    const readyNow = matchListings([{ match: 'project.readyBy', values: [{ value: '0', text: 'Ready now' }] }], { projects: homes, products: [] }, NOW);
    expect(readyNow.projects.map((p) => p.name)).toEqual(['Palm Grove Villas', 'Powai Crest']);
  });

  it('ranks by the number of rules that hold and shows at most three', () => {
    const many = Array.from({ length: 6 }, (_, i) => project({ name: `Home ${i}`, area: 'Baner, Pune', squareft: 1000 + i * 100 }));
    const result = matchListings(
      [
        { match: 'project.locality', values: [{ value: 'Baner', text: 'Baner' }] },
        { match: 'project.minSqft', values: [{ value: 1400, text: '1400' }] },
      ],
      { projects: many, products: [] },
      NOW,
    );
    expect(result.projects.map((p) => p.name)).toEqual(['Home 4', 'Home 5', 'Home 0']);
    expect(result.projects[0]?.reasons).toEqual(['in Baner', '1,400 sq. ft']);
    expect(result.projects[2]?.reasons).toEqual(['in Baner']);
  });

  it('matches decor by budget and by keywords in name, description or tags', () => {
    const decor = [
      product({ productname: 'Cane Armchair', description: 'Woven rattan', price: 24_000, tags: ['Living room', 'Boho'] }),
      product({ productname: 'Teak Sofa', description: 'Solid teak', price: 125_000, tags: ['Living room'] }),
      product({ productname: 'Brass Lamp', description: 'Hand-finished brass', price: 18_500 }),
    ];
    const result = matchListings(
      [
        { match: 'product.keywords', values: [{ value: 'boho', text: 'Boho' }, { value: 'teak', text: 'Teak' }] },
        { match: 'product.maxPrice', values: [{ value: '50000', text: 'Up to ₹50,000' }] },
      ],
      { projects: homes, products: decor },
      NOW,
    );
    expect(result.projects).toEqual([]);
    expect(result.products.map((p) => [p.name, p.reasons])).toEqual([
      ['Cane Armchair', ['Boho', 'within your budget']],
      ['Brass Lamp', ['within your budget']],
      ['Teak Sofa', ['Teak']],
    ]);
  });

  it('returns nothing when no rule is set or nothing scores', () => {
    expect(matchListings([], { projects: homes, products: [product({ productname: 'X' })] }, NOW)).toEqual({ projects: [], products: [] });
    const none = matchListings([{ match: 'project.locality', values: [{ value: 'Chennai', text: 'Chennai' }] }], { projects: homes, products: [] }, NOW);
    expect(none.projects).toEqual([]);
  });
});

describe('matchInputs: from a survey and its answers to rules', () => {
  it('reads questions with listingMatch in pages and panels, with choice texts in the survey locale', () => {
    const json = survey(
      [
        { type: 'radiogroup', name: 'beds', listingMatch: 'project.bedrooms', choices: [{ value: 3, text: { default: 'Three', de: 'Drei' } }, 4] },
        { type: 'panel', name: 'where', elements: [{ type: 'checkbox', name: 'areas', listingMatch: 'project.locality', choices: ['powai|Powai', 'baner|Baner'] }] },
        { type: 'text', name: 'notes' },
      ],
      { locale: 'de' },
    );
    expect(matchInputs(json, { beds: 3, areas: ['powai', 'baner'], notes: 'hi' })).toEqual([
      { match: 'project.bedrooms', values: [{ value: 3, text: 'Drei' }] },
      { match: 'project.locality', values: [{ value: 'powai', text: 'Powai' }, { value: 'baner', text: 'Baner' }] },
    ]);
  });

  it('uses what the visitor typed for an "other" answer, and the valueName when set', () => {
    const json = survey([
      { type: 'dropdown', name: 'area', listingMatch: 'project.locality', showOtherItem: true, choices: ['Baner'] },
      { type: 'text', name: 'budget', valueName: 'budgetRupees', inputType: 'number', listingMatch: 'project.maxPrice' },
    ]);
    expect(matchInputs(json, { area: 'other', 'area-Comment': 'Powai', budgetRupees: 9_000_000 })).toEqual([
      { match: 'project.locality', values: [{ value: 'Powai', text: 'Powai' }] },
      { match: 'project.maxPrice', values: [{ value: 9_000_000, text: '9000000' }] },
    ]);
  });

  it('ignores unknown listingMatch values, unanswered questions and surveys without listingMatch', () => {
    expect(matchInputs(survey([{ type: 'text', name: 'a', listingMatch: 'project.colour' }, { type: 'text', name: 'b', listingMatch: 'project.locality' }]), { a: 'red' })).toEqual([]);
    expect(matchInputs(survey([{ type: 'text', name: 'a' }]), { a: 'x' })).toEqual([]);
    expect(matchInputs('not a survey', {})).toEqual([]);
  });
});

describe('listingMatchOptionsFor: the designer offers only the values that fit a question', () => {
  it.each([
    ['text', 'number', ['project.bedrooms', 'project.minSqft', 'project.maxPrice', 'product.maxPrice']],
    ['text', 'date', ['project.readyBy']],
    ['text', undefined, ['project.locality', 'product.keywords']],
    ['checkbox', undefined, ['project.locality', 'product.keywords']],
    ['rating', undefined, ['project.bedrooms']],
    ['boolean', undefined, []],
  ])('%s (%s)', (type, inputType, expected) => {
    expect(listingMatchOptionsFor(type, inputType)).toEqual(expected);
  });

  it('offers every value on a single-choice question', () => {
    expect(listingMatchOptionsFor('radiogroup')).toHaveLength(7);
  });
});
