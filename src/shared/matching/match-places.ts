/**
 * What the matching rules know about places and kinds of home (issue 22): data, not rules. A
 * locality names its city, so a home in the right city but another locality can be offered as
 * "nearest", and a home in another city is never a fit. Add a city or a locality here, in the
 * spelling a visitor would choose; other spellings of a city go in `aliases`.
 */
export interface CityPlaces {
  city: string;
  aliases: readonly string[];
  localities: readonly string[];
}

export const CITIES: readonly CityPlaces[] = [
  {
    city: 'Bengaluru',
    aliases: ['Bangalore', 'Bengaluru Urban'],
    localities: [
      'Indiranagar',
      'Koramangala',
      'HSR Layout',
      'Whitefield',
      'Jayanagar',
      'Hebbal',
      'Sarjapur Road',
      'Electronic City',
      'JP Nagar',
      'BTM Layout',
      'Marathahalli',
      'Bellandur',
      'Yelahanka',
      'Malleshwaram',
      'Rajajinagar',
      'Banashankari',
      'Hennur',
      'Frazer Town',
      'Bannerghatta Road',
      'Devanahalli',
    ],
  },
  {
    city: 'Mumbai',
    aliases: ['Bombay'],
    localities: ['Worli', 'Powai', 'Hiranandani', 'Bandra', 'Andheri', 'Juhu', 'Lower Parel', 'Goregaon', 'Malad', 'Chembur', 'Thane', 'Colaba', 'Dadar'],
  },
  {
    city: 'Pune',
    aliases: ['Poona'],
    localities: ['Baner', 'Hinjewadi', 'Koregaon Park', 'Kharadi', 'Wakad', 'Viman Nagar', 'Hadapsar', 'Aundh', 'Magarpatta', 'Kalyani Nagar'],
  },
  { city: 'Chennai', aliases: ['Madras'], localities: ['Anna Nagar', 'Adyar', 'Velachery', 'OMR', 'T Nagar'] },
  { city: 'Hyderabad', aliases: [], localities: ['Gachibowli', 'HITEC City', 'Kondapur', 'Banjara Hills', 'Jubilee Hills'] },
  { city: 'Delhi', aliases: ['New Delhi'], localities: ['Vasant Kunj', 'Dwarka', 'Saket'] },
  { city: 'Gurugram', aliases: ['Gurgaon'], localities: ['Golf Course Road', 'Sohna Road'] },
  { city: 'Kochi', aliases: ['Cochin'], localities: ['Kakkanad', 'Edappally'] },
];

/**
 * The kinds of home a visitor chooses from, each with the words that name it in a listing's unit
 * size or name ("4 BHK villa", "Palm Grove Villas"). The first kind whose word a listing names is
 * its kind; a listing that names none is an apartment (a flat given only as "3 BHK").
 */
export interface PropertyKind {
  kind: string;
  /** How a sentence names it: "a villa, you asked for a penthouse". */
  noun: string;
  article: 'a' | 'an';
  words: readonly string[];
}

export const PROPERTY_KINDS: readonly PropertyKind[] = [
  { kind: 'penthouse', noun: 'penthouse', article: 'a', words: ['penthouse', 'penthouses'] },
  { kind: 'villa', noun: 'villa', article: 'a', words: ['villa', 'villas', 'bungalow', 'bungalows', 'row house', 'row houses'] },
  { kind: 'plot', noun: 'plot', article: 'a', words: ['plot', 'plots'] },
  { kind: 'independent-house', noun: 'independent house', article: 'an', words: ['independent house', 'independent houses', 'house', 'houses'] },
  { kind: 'apartment', noun: 'apartment', article: 'an', words: ['apartment', 'apartments', 'flat', 'flats', 'condominium', 'studio'] },
];

export const DEFAULT_PROPERTY_KIND = 'apartment';

/**
 * The city a free text names ("Whitefield, Bengaluru", "Bandra Studio", "Koregaon Park"): by the
 * city's name or alias, else by one of its localities, as whole words; null when it names none.
 */
export function cityNamedIn(text: string): string | null {
  const folded = ` ${text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim()} `;
  const has = (name: string) => folded.includes(` ${name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim()} `);
  return CITIES.find((c) => has(c.city) || c.aliases.some(has))?.city ?? CITIES.find((c) => c.localities.some(has))?.city ?? null;
}
