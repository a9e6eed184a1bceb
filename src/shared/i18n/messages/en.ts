// The English catalogue (issue 27): every visitor text a translated page shows, keyed. Its values
// are the specification's and the pages' English texts exactly as they were: English pages read
// the same as before. ICU MessageFormat: `{name}` is a value, `{count, plural, …}` a plural.
import { EMAIL_MESSAGES } from '#shared/email';

export const en = {
  // The frame: header, phone menu, footer.
  'layout.skipToContent': 'Skip to main content',
  'layout.loadingPage': 'Loading page',
  'nav.main': 'Main',
  'nav.survey': 'Advanced Survey',
  'nav.homes': 'Homes',
  'nav.decor': 'Decor',
  'nav.studio': 'Studio',
  'nav.contact': 'Contact',
  'nav.about': 'About',
  'nav.askQuote': 'Ask Quote',
  'nav.login': 'Login',
  'nav.menu': 'Menu',
  'nav.home': '{studio} home',
  'language.switchTo': 'हिन्दी',
  'language.switchLabel': 'हिन्दी में पढ़ें (Read in Hindi)',
  'footer.tagline': 'Homes, interiors and decor, designed around the way you live.',
  'footer.askQuote': 'Ask for a quote',
  'footer.findUs': 'Find us',
  'footer.mapNewTab': ' (map, opens in a new tab)',
  'footer.followUs': 'Follow us',
  'footer.newTab': '{label} (opens in a new tab)',
  'footer.rights': '© {year} {studio}. All rights reserved.',

  // The landing page.
  'landing.title': 'Find a home that fits the way you live',
  'landing.description': 'Tell us about the life you want in a two-minute survey and get a shortlist of homes and interiors that match.',
  'landing.eyebrow': 'Homes · Interiors · Decor',
  'landing.lead':
    'Answer a few questions about your lifestyle and budget. Our advisors shortlist homes and interiors that suit you, and call you when something fits.',
  'landing.cardTitle': 'Start your home survey',
  'landing.cardText': 'It takes about two minutes.',
  'landing.emailLabel': 'E-mail address',
  'landing.emailPlaceholder': 'Enter email to begin survey',
  'landing.busy': 'One moment…',
  'landing.submit': 'Choose Your Lifestyle',
  'landing.noSurvey': 'There is no survey running right now; we will write to you when the next one opens.',
  'landing.stepsTitle': 'How it works',
  'landing.step1.title': 'Tell us how you live',
  'landing.step1.text': 'Two minutes on the home you picture: size, budget, neighbourhood, the light you like to wake up to.',
  'landing.step2.title': 'Get a shortlist',
  'landing.step2.text': 'An advisor picks homes and interior ideas that match, from our own projects and trusted builders.',
  'landing.step3.title': 'Visit with an expert',
  'landing.step3.text': 'Walk through the homes you like with someone who knows the locality, the paperwork and the finishes.',
  'landing.exploreTitle': 'Or look around first',
  'landing.explore.homes.title': 'Homes',
  'landing.explore.homes.text': 'Apartments, villas and plots we have built or curated.',
  'landing.explore.decor.title': 'Decor',
  'landing.explore.decor.text': 'Furniture and finishes from our design studio.',
  'landing.explore.studios.title': 'Studios',
  'landing.explore.studios.text': 'Come by, see materials, meet a designer.',

  // The e-mail rule's messages (SPEC.md), shown by the landing page's form.
  'email.required': EMAIL_MESSAGES.required,
  'email.invalid': EMAIL_MESSAGES.invalid,
  'email.tooLong': EMAIL_MESSAGES.tooLong,

  // The not-found page.
  'notFound.title': 'Page not found',
  'notFound.text': 'Sorry, the page you visited does not exist.',
  'notFound.home': 'Back Home',

  // The listing grids.
  'listings.googleMap': 'Google map',
  'listings.googleMapLabel': 'Google map: {name} (opens in a new tab)',
  'listings.pictureOf': 'Picture of {name}',
  'projects.eyebrow': 'Homes',
  'projects.title': 'Homes we are building',
  'projects.metaTitle': 'Homes',
  'projects.description': 'Apartments and villas by {studio} in Bengaluru, Pune and Mumbai: area, size, unit type and completion date for every project.',
  'projects.intro': 'Apartments and villas we design and build, with their size, unit type and when you can move in.',
  'projects.empty': 'No homes are listed right now. Tell us what you are looking for and we will get in touch.',
  'projects.size': 'Size',
  'projects.unit': 'Unit',
  'projects.completion': 'Completion',
  'projects.price': 'Price',
  'products.eyebrow': 'Decor',
  'products.title': 'Decor for every room',
  'products.metaTitle': 'Decor',
  'products.description': 'Handpicked furniture, lighting, rugs and planters from {studio}, with prices in rupees.',
  'products.intro': 'Furniture, lighting and accents our designers choose for the homes we build, ready for yours.',
  'products.empty': 'No decor is listed right now. Ask us for a quote and we will help you choose.',
  'products.tags': 'Tags: ',
  'products.price': 'Price: ',
  'studios.eyebrow': 'Studio',
  'studios.title': 'Visit a studio',
  'studios.metaTitle': 'Studios',
  'studios.description': 'Find a {studio} studio near you: addresses and Google map links for our design studios.',
  'studios.intro': 'Walk in to see materials and finishes, and sit down with a designer. Here is where to find us.',
  'studios.empty': 'No studios are listed right now. Write to us and we will meet you where it suits you.',

  // The listing filters.
  'filters.problems': 'Some filters in this link could not be used, so they are left out:',
  'filters.clear': 'Clear filters',
  'filters.homes.label': 'Filter homes',
  'filters.homes.submit': 'Show homes',
  'filters.decor.label': 'Filter decor',
  'filters.decor.submit': 'Show decor',
  'filters.locality': 'Locality',
  'filters.unitSize': 'Unit size',
  'filters.readyBy': 'Ready by',
  'filters.sortBy': 'Sort by',
  'filters.style': 'Style',
} as const;

export type MessageKey = keyof typeof en;
export type Catalogue = Readonly<Record<MessageKey, string>>;
