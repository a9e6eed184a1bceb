import { formatRupeesInWords, formatRupeesRange } from '#shared/i18n/format';
import { describe, expect, it } from 'vitest';
import { DEMO_SURVEY } from '#server/features/surveys/campaigns.seed';
import {
  answerNumber,
  bedroomsOf,
  isFit,
  listingMatchKinds,
  listingMatchOptionsFor,
  matchInputs,
  matchListings,
  readListingMatches,
  type MatchableProduct,
  type MatchableProject,
} from '#shared/matching/listing-match';
import { matchLine, matchSections } from '#shared/matching/match-sections';

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
    project({
      name: 'Lakeside Residency',
      area: 'Whitefield, Bengaluru',
      sizeofunit: '3 BHK',
      squareft: 1450,
      price: 9_500_000,
      dateofcomplition: '15-12-2026',
    }),
    project({
      name: 'Palm Grove Villas',
      area: 'Sarjapur Road, Bengaluru',
      sizeofunit: '4 BHK villa',
      squareft: 2400,
      price: 21_000_000,
      dateofcomplition: '30-06-2026',
    }),
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
    expect(result.projects).toEqual([
      {
        _id: 'powai-crest',
        name: 'Powai Crest',
        image: '/media/Powai Crest.jpg',
        reasons: ['in Powái'],
        misses: [],
        reasonValues: [{ kind: 'locality', name: 'Powái' }],
        missValues: [],
      },
    ]);
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

  it('shows at most three fits, those with more reasons first: only listings for which every rule holds', () => {
    // Home 0–3 are too small; of the fits, those with a price in budget come before those without one.
    const many = Array.from({ length: 8 }, (_, i) =>
      project({ name: `Home ${i}`, area: 'Baner, Pune', squareft: 1000 + i * 100, price: i % 2 ? 9_000_000 : null }),
    );
    const result = matchListings(
      [
        { match: 'project.locality', values: [{ value: 'Baner', text: 'Baner' }] },
        { match: 'project.minSqft', values: [{ value: 1400, text: '1400' }] },
        { match: 'project.maxPrice', values: [{ value: 10_000_000, text: 'Up to ₹1 crore' }] },
      ],
      { projects: many, products: [] },
      NOW,
    );
    expect(result.projects.map((p) => p.name)).toEqual(['Home 5', 'Home 7', 'Home 4']);
    expect(result.projects[0]?.reasons).toEqual(['in Baner', '1,500 sq. ft', 'within your budget']);
    expect(result.projects[2]?.reasons).toEqual(['in Baner', '1,400 sq. ft']);
    expect(result.projects.every((p) => p.misses.length === 0)).toBe(true);
  });

  it('matches decor by budget and by keywords in name, description or tags', () => {
    const decor = [
      product({ productname: 'Cane Armchair', description: 'Woven rattan', price: 24_000, tags: ['Living room', 'Boho'] }),
      product({ productname: 'Teak Sofa', description: 'Solid teak', price: 125_000, tags: ['Living room'] }),
      product({ productname: 'Brass Lamp', description: 'Hand-finished brass', price: 18_500 }),
    ];
    const result = matchListings(
      [
        {
          match: 'product.keywords',
          values: [
            { value: 'boho', text: 'Boho' },
            { value: 'teak', text: 'Teak' },
          ],
        },
        { match: 'product.maxPrice', values: [{ value: '50000', text: 'Up to ₹50,000' }] },
      ],
      { projects: homes, products: decor },
      NOW,
    );
    expect(result.projects).toEqual([]);
    // The sofa is teak but over budget, the lamp in budget but neither: only the armchair fits both.
    expect(result.products.map((p) => [p.name, p.reasons, p.misses])).toEqual([['Cane Armchair', ['Boho', 'within your budget'], []]]);
  });

  it('returns nothing when no rule is set or nothing comes near', () => {
    expect(matchListings([], { projects: homes, products: [product({ productname: 'X' })] }, NOW)).toEqual({
      projects: [],
      products: [],
      asked: { projects: false, products: false },
    });
    const none = matchListings([{ match: 'project.locality', values: [{ value: 'Chennai', text: 'Chennai' }] }], { projects: homes, products: [] }, NOW);
    expect(none.projects).toEqual([]);
  });
});

describe('matchInputs: from a survey and its answers to rules', () => {
  it('reads questions with listingMatch in pages and panels, with choice texts in the survey locale', () => {
    const json = survey(
      [
        { type: 'radiogroup', name: 'beds', listingMatch: 'project.bedrooms', choices: [{ value: 3, text: { default: 'Three', de: 'Drei' } }, 4] },
        {
          type: 'panel',
          name: 'where',
          elements: [{ type: 'checkbox', name: 'areas', listingMatch: 'project.locality', choices: ['powai|Powai', 'baner|Baner'] }],
        },
        { type: 'text', name: 'notes' },
      ],
      { locale: 'de' },
    );
    expect(matchInputs(json, { beds: 3, areas: ['powai', 'baner'], notes: 'hi' })).toEqual([
      { match: 'project.bedrooms', values: [{ value: 3, text: 'Drei' }] },
      {
        match: 'project.locality',
        values: [
          { value: 'powai', text: 'Powai' },
          { value: 'baner', text: 'Baner' },
        ],
      },
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
    expect(
      matchInputs(
        survey([
          { type: 'text', name: 'a', listingMatch: 'project.colour' },
          { type: 'text', name: 'b', listingMatch: 'project.locality' },
        ]),
        { a: 'red' },
      ),
    ).toEqual([]);
    expect(matchInputs(survey([{ type: 'text', name: 'a' }]), { a: 'x' })).toEqual([]);
    expect(matchInputs('not a survey', {})).toEqual([]);
  });
});

describe('listingMatchOptionsFor: the designer offers only the values that fit a question', () => {
  it.each([
    ['text', 'number', ['project.bedrooms', 'project.minSqft', 'project.maxPrice', 'product.maxPrice']],
    ['text', 'date', ['project.readyBy']],
    ['text', undefined, ['project.type', 'project.locality', 'product.keywords']],
    ['checkbox', undefined, ['project.type', 'project.locality', 'product.keywords']],
    ['rating', undefined, ['project.bedrooms']],
    ['boolean', undefined, []],
  ])('%s (%s)', (type, inputType, expected) => {
    expect(listingMatchOptionsFor(type, inputType)).toEqual(expected);
  });

  it('offers every value on a single-choice question', () => {
    expect(listingMatchOptionsFor('radiogroup')).toHaveLength(8);
  });
});

describe('a match fits what the person asked for, else the nearest say why not', () => {
  // The demo homes (listings.seed.ts), as the rules read them.
  const demoHomes = [
    project({
      name: 'Lakeside Residency',
      area: 'Whitefield, Bengaluru',
      squareft: 1450,
      dateofcomplition: '15-12-2026',
      sizeofunit: '3 BHK',
      price: 9_500_000,
    }),
    project({
      name: 'Palm Grove Villas',
      area: 'Sarjapur Road, Bengaluru',
      squareft: 2400,
      dateofcomplition: '30-06-2026',
      sizeofunit: '4 BHK villa',
      price: 24_000_000,
    }),
    project({ name: 'Baner Heights', area: 'Baner, Pune', squareft: 1180, dateofcomplition: '31-03-2027', sizeofunit: '2 BHK', price: 7_800_000 }),
    project({
      name: 'Hinjewadi Greens',
      area: 'Hinjewadi Phase 1, Pune',
      squareft: 980,
      dateofcomplition: '20-09-2025',
      sizeofunit: '2 BHK',
      price: 6_200_000,
    }),
    project({ name: 'Worli Seaview', area: 'Worli, Mumbai', squareft: 2100, dateofcomplition: '15-01-2028', sizeofunit: '4 BHK', price: 55_000_000 }),
    project({
      name: 'Powai Crest',
      area: 'Hiranandani, Powai, Mumbai',
      squareft: 1350,
      dateofcomplition: '10-11-2026',
      sizeofunit: '3 BHK',
      price: 18_500_000,
    }),
  ];
  const demoDecor = [
    product({ productname: 'Teak Sofa', price: 125_000, tags: ['Living room', 'Contemporary Indian', 'Classic'] }),
    product({ productname: 'Cane Armchair', price: 24_000, tags: ['Living room', 'Boho', 'Scandinavian'] }),
    product({ productname: 'Terracotta Planter', price: 3_200, tags: ['Balcony', 'Boho', 'Modern minimal'] }),
  ];
  const demo = (answers: Record<string, unknown>) => matchListings(matchInputs(DEMO_SURVEY, answers), { projects: demoHomes, products: demoDecor }, NOW);

  it('finds no fit for a penthouse above ₹5 crore with 5+ BHK in Hebbal, and says why each nearest home is not one', () => {
    const result = demo({ propertyType: 'penthouse', budget: 1_000_000_000, bedrooms: 5, localities: ['Hebbal'], moveIn: 12 });
    expect(result.projects.length).toBeGreaterThan(0);
    expect(result.projects.filter(isFit)).toEqual([]);
    // The nearest: a Bengaluru home before homes in other cities; every answer it misses, in plain words.
    expect(result.projects.map((p) => [p.name, p.misses])).toEqual([
      [
        'Palm Grove Villas',
        [
          'a villa, you asked for a penthouse',
          '₹2.4 crore, below your ₹5 crore+ budget',
          '4 BHK, you asked for 5+',
          'in Sarjapur Road, Bengaluru, you asked for Hebbal',
        ],
      ],
      [
        'Lakeside Residency',
        [
          'an apartment, you asked for a penthouse',
          '₹95 lakh, below your ₹5 crore+ budget',
          '3 BHK, you asked for 5+',
          'in Whitefield, Bengaluru, you asked for Hebbal',
        ],
      ],
      [
        'Worli Seaview',
        [
          'an apartment, you asked for a penthouse',
          '4 BHK, you asked for 5+',
          'in Mumbai, you asked for Hebbal, Bengaluru',
          'ready Jan 2028, you want to move in by Nov 2027',
        ],
      ],
    ]);
    expect(result.projects[0]!.reasons).toEqual(['ready by Jun 2026']);
    expect(result.projects[2]!.reasons).toEqual(['within your budget']);
  });

  it('never calls a home in Mumbai or Pune a fit for Indiranagar or Koramangala; one in Indiranagar fits', () => {
    const answers = { propertyType: 'apartment', budget: 10_000_000, bedrooms: 2, localities: ['Indiranagar', 'Koramangala'], moveIn: 12 };
    const none = demo(answers);
    expect(none.projects.filter(isFit)).toEqual([]);
    for (const home of none.projects.filter((p) => /Baner|Hinjewadi|Worli|Powai/.test(p.name))) {
      expect(home.misses).toContainEqual(expect.stringMatching(/^in (Pune|Mumbai), you asked for Indiranagar or Koramangala, Bengaluru$/));
    }
    const withIndiranagar = matchListings(
      matchInputs(DEMO_SURVEY, answers),
      {
        projects: [
          ...demoHomes,
          project({
            name: 'Indiranagar Nest',
            area: '100 Feet Road, Indiranagar, Bengaluru',
            sizeofunit: '2 BHK',
            price: 9_000_000,
            dateofcomplition: '01-01-2027',
          }),
        ],
        products: [],
      },
      NOW,
    );
    expect(withIndiranagar.projects.map((p) => [p.name, p.reasons, p.misses])).toEqual([
      ['Indiranagar Nest', ['apartment', 'within your budget', '2 BHK', 'in Indiranagar', 'ready by Jan 2027'], []],
    ]);
  });

  it('reads a city answer as any locality of it, and a locality in another spelling of its city', () => {
    const inputs = [{ match: 'project.locality' as const, values: [{ value: 'Bangalore', text: 'Bangalore' }] }];
    const result = matchListings(inputs, { projects: demoHomes, products: [] }, NOW);
    expect(result.projects.map((p) => [p.name, p.reasons])).toEqual([
      ['Lakeside Residency', ['in Bangalore']],
      ['Palm Grove Villas', ['in Bangalore']],
    ]);
  });

  it('reads a budget choice as its range: the choice below is its bottom, "Under" starts at 0, "Above" has no top', () => {
    const budget = (value: number) => matchInputs(DEMO_SURVEY, { budget: value })[0]!.values[0]!.band;
    expect(budget(5_000_000)).toEqual({ min: 0, max: 5_000_000 });
    expect(budget(20_000_000)).toEqual({ min: 10_000_000, max: 20_000_000 });
    expect(budget(1_000_000_000)).toEqual({ min: 50_000_000, max: null });
    const oneToTwo = demo({ budget: 20_000_000 });
    expect(oneToTwo.projects.map((p) => [p.name, p.reasons])).toEqual([['Powai Crest', ['within your budget']]]);
    const below = demo({ budget: 20_000_000, localities: ['Whitefield'] });
    expect(below.projects.find((p) => p.name === 'Lakeside Residency')?.misses).toEqual(['₹95 lakh, below your ₹1–2 crore budget']);
    const above = demo({ budget: 10_000_000, localities: ['Sarjapur Road'] });
    expect(above.projects.find((p) => p.name === 'Palm Grove Villas')?.misses).toEqual(['₹2.4 crore, above your ₹50 lakh–₹1 crore budget']);
  });

  it('reads the kind of home from the unit size or the name; a plain "3 BHK" is an apartment', () => {
    const homes = [
      ...demoHomes,
      project({ name: 'Skyline', area: 'Hebbal, Bengaluru', sizeofunit: '5 BHK penthouse', price: 80_000_000, dateofcomplition: '01-06-2027' }),
      project({ name: 'Green Acres Plots', area: 'Devanahalli, Bengaluru', sizeofunit: '2400 sq. ft' }),
    ];
    const kind = (value: string) =>
      matchListings([{ match: 'project.type', values: [{ value, text: value }] }], { projects: homes, products: [] }, NOW).projects.map((p) => p.name);
    expect(kind('penthouse')).toEqual(['Skyline']);
    expect(kind('villa')).toEqual(['Palm Grove Villas']);
    expect(kind('Plot to build on')).toEqual(['Green Acres Plots']);
    expect(kind('apartment')).toEqual(['Baner Heights', 'Hinjewadi Greens', 'Lakeside Residency']);
    // Hebbal, a penthouse above ₹5 crore, 5+ BHK: now one fits.
    const fit = matchListings(
      matchInputs(DEMO_SURVEY, { propertyType: 'penthouse', budget: 1_000_000_000, bedrooms: 5, localities: ['Hebbal'], moveIn: 12 }),
      { projects: homes, products: [] },
      NOW,
    );
    expect(fit.projects.map((p) => [p.name, p.reasons, p.misses])).toEqual([
      ['Skyline', ['penthouse', 'within your budget', '5 BHK', 'in Hebbal', 'ready by Jun 2027'], []],
    ]);
  });

  it('says "5+" for five or more bedrooms and a size a home does not give', () => {
    const result = matchListings(
      [{ match: 'project.bedrooms', values: [{ value: 5, text: '5+ BHK' }] }],
      { projects: [project({ name: 'Studio One', sizeofunit: 'Studio' }), project({ name: 'Three', sizeofunit: '3 BHK' })], products: [] },
      NOW,
    );
    expect(result.projects).toEqual([]);
    const near = matchListings(
      [{ match: 'project.bedrooms', values: [{ value: 4, text: '4 BHK' }] }],
      { projects: [project({ name: 'Studio One', sizeofunit: 'Studio' }), project({ name: 'Three', sizeofunit: '3 BHK' })], products: [] },
      NOW,
    );
    expect(near.projects.map((p) => [p.name, p.misses])).toEqual([['Three', ['3 BHK, you asked for 4']]]);
  });

  it('matches decor on style and reads its budget as a ceiling: decor below the budget fits', () => {
    const boho = demo({ decorStyle: 'boho' });
    expect(boho.products.map((p) => p.name)).toEqual(['Cane Armchair', 'Terracotta Planter']);
    // "₹5–15 lakh" for interiors: a ₹24,000 armchair is well within it, never "below" it.
    const ranged = demo({ decorStyle: 'boho', interiorHelp: true, interiorBudget: 1_500_000 });
    expect(ranged.products.map((p) => [p.name, p.reasons, p.misses])).toEqual([
      ['Cane Armchair', ['Boho', 'within your budget'], []],
      ['Terracotta Planter', ['Boho', 'within your budget'], []],
    ]);
    for (const p of ranged.products) expect(p.misses.join(' ')).not.toContain('below');
    // Only above the top is decor out of budget: "Under ₹5 lakh" (the lowest choice) and a ₹6 lakh piece.
    const dear = matchListings(
      matchInputs(DEMO_SURVEY, { decorStyle: 'boho', interiorHelp: true, interiorBudget: 500_000 }),
      { projects: [], products: [product({ productname: 'Boho Daybed', price: 600_000, tags: ['Boho'] })] },
      NOW,
    );
    expect(dear.products.find((p) => p.name === 'Boho Daybed')?.misses).toEqual(['₹6 lakh, above your ₹5 lakh budget']);
    // Nothing near: neither the style nor the budget.
    const teak = demo({ decorStyle: 'boho', interiorHelp: true, interiorBudget: 100_000_000 });
    expect(teak.products.find((p) => p.name === 'Teak Sofa')).toBeUndefined();
    const classic = demo({ decorStyle: 'industrial', interiorHelp: true, interiorBudget: 500_000 });
    expect(classic.products.map((p) => [p.name, p.misses])).toEqual([
      ['Cane Armchair', ['not Industrial loft']],
      ['Teak Sofa', ['not Industrial loft']],
      ['Terracotta Planter', ['not Industrial loft']],
    ]);
    const under = demo({ decorStyle: 'scandinavian', interiorHelp: true, interiorBudget: 500_000 });
    expect(under.products.map((p) => [p.name, p.reasons, p.misses])).toEqual([['Cane Armchair', ['Scandinavian', 'within your budget'], []]]);
  });

  it('says which kinds a survey asks about, answered or not', () => {
    expect(listingMatchKinds(DEMO_SURVEY)).toEqual({ projects: true, products: true });
    expect(listingMatchKinds(survey([{ type: 'checkbox', name: 'style', listingMatch: 'product.keywords', choices: ['Boho'] }]))).toEqual({
      projects: false,
      products: true,
    });
    expect(listingMatchKinds(survey([{ type: 'text', name: 'q' }]))).toEqual({ projects: false, products: false });
  });

  it('words rupees and ranges as people say them', () => {
    expect([9_500_000, 24_000_000, 18_500_000, 50_000_000, 24_000, 125_000].map((rupees) => formatRupeesInWords('en', rupees))).toEqual([
      '₹95 lakh',
      '₹2.4 crore',
      '₹1.85 crore',
      '₹5 crore',
      '₹24,000',
      '₹1.25 lakh',
    ]);
    expect(formatRupeesRange('en', { min: 10_000_000, max: 20_000_000 })).toBe('₹1–2 crore');
    expect(formatRupeesRange('en', { min: 5_000_000, max: 10_000_000 })).toBe('₹50 lakh–₹1 crore');
    expect(formatRupeesRange('en', { min: 50_000_000, max: null })).toBe('₹5 crore+');
    expect(formatRupeesRange('en', { min: 0, max: 5_000_000 })).toBe('₹50 lakh');
  });
});

describe('one way to tell the matches, for /result, the e-mails and the lead', () => {
  const fit = { _id: 'a', name: 'Lakeside', image: '', reasons: ['3 BHK', 'in Whitefield'], misses: [] };
  const near = {
    _id: 'b',
    name: 'Baner Heights',
    image: '',
    reasons: ['ready by Mar 2027'],
    misses: ['2 BHK, you asked for 5+', 'in Pune, you asked for Hebbal, Bengaluru'],
  };

  it('titles a section by whether its listings fit, and leaves out what the survey does not ask about', () => {
    const fits = matchSections({ projects: [fit], products: [], asked: { projects: true, products: false } }, 'visitor');
    expect(fits.map((s) => [s.title, s.fits, s.note, s.items.length])).toEqual([['Homes that fit you', true, null, 1]]);
    const nearest = matchSections({ projects: [near], products: [], asked: { projects: true, products: true } }, 'visitor');
    expect(nearest.map((s) => [s.title, s.fits, s.items.length])).toEqual([
      ['Homes nearest to what you asked for', false, 1],
      ['Decor ideas', false, 0],
    ]);
    expect(nearest[0]!.note).toMatch(/^None of our homes fits everything you asked for yet/);
    expect(nearest[1]!.note).toMatch(/an advisor will suggest pieces for you by hand/);
    expect(matchSections({ projects: [], products: [], asked: { projects: false, products: false } }, 'visitor')).toEqual([]);
    expect(matchSections({ projects: [near], products: [], asked: { projects: true, products: false } }, 'staff').map((s) => s.title)).toEqual([
      'No home fits: the nearest',
    ]);
  });

  it('writes one line per listing, with why a nearest is not a fit', () => {
    expect(matchLine(fit)).toBe('Lakeside — 3 BHK, in Whitefield');
    expect(matchLine(near)).toBe('Baner Heights — not a fit: 2 BHK, you asked for 5+; in Pune, you asked for Hebbal, Bengaluru (fits: ready by Mar 2027)');
  });

  it('reads matches stored without misses as fits, asked where there are some', () => {
    expect(readListingMatches({ projects: [{ _id: 'a', name: 'A', image: '', reasons: ['3 BHK'] }], products: [] })).toEqual({
      projects: [{ _id: 'a', name: 'A', image: '', reasons: ['3 BHK'], misses: [] }],
      products: [],
      asked: { projects: true, products: false },
    });
    expect(readListingMatches('nope')).toBeUndefined();
  });

  it("keeps a stored match's Hindi name when it is read back (the lead page and /hi/result show it)", () => {
    const stored = {
      projects: [{ _id: 'a', name: 'Lakeside Residency', nameHi: 'लेकसाइड रेजीडेंसी', image: '', reasons: [], misses: [] }],
      products: [],
      asked: { projects: true, products: false },
    };
    expect(readListingMatches(stored)?.projects[0]?.nameHi).toBe('लेकसाइड रेजीडेंसी');
    expect(readListingMatches({ ...stored, projects: [{ ...stored.projects[0], nameHi: 7 }] })?.projects[0]).not.toHaveProperty('nameHi');
  });
});
