/**
 * Questions the browser tests' surveys have in common, each test's SURVEY still stated in its own
 * file: the texts here are what those tests click and read.
 */

/** "What kind of home?": Apartment or Villa, required. */
export const HOME_TYPE_QUESTION = {
  type: 'radiogroup',
  name: 'homeType',
  title: 'What kind of home?',
  isRequired: true,
  choices: [
    { value: 'apartment', text: 'Apartment' },
    { value: 'villa', text: 'Villa' },
  ],
};

/** "Must-have amenities": Gym and Pool, several at once. */
export const AMENITIES_QUESTION = {
  type: 'checkbox',
  name: 'amenities',
  title: 'Must-have amenities',
  choices: [
    { value: 'gym', text: 'Gym' },
    { value: 'pool', text: 'Pool' },
  ],
};
