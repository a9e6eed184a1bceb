import type { SurveyJson } from '#web/features/surveys/designer/survey-json';

/**
 * Real, varied SurveyJS definitions the designer must load and save without losing anything:
 * written the way staff (or SurveyJS's own docs) would, with properties the visual editor knows
 * nothing about.
 */

/** Home buyers: pages with descriptions, localized text, nested panels, conditions, validators, triggers, calculated values. */
export const homeBuyerSurvey: SurveyJson = {
  title: { default: 'Find your next home', hi: 'अपना अगला घर खोजें' },
  description: 'Tell us what you are looking for.',
  logoPosition: 'right',
  showQuestionNumbers: 'onPage',
  completedHtml: '<h3>Thank you, {fullName}!</h3><p>We will call you within <b>two days</b>.</p>',
  completedHtmlOnCondition: [{ expression: '{budget} > 10000000', html: '<h3>Our premium team will reach out.</h3>' }],
  calculatedValues: [
    { name: 'budgetInLakhs', expression: '{budget} / 100000', includeIntoResult: true },
    { name: 'isFamily', expression: '{householdSize} > 2' },
  ],
  triggers: [
    { type: 'complete', expression: "{intent} = 'just-browsing'" },
    { type: 'setvalue', expression: "{intent} = 'rent'", setToName: 'leaseMonths', setValue: 11 },
    { type: 'skip', expression: '{hasLoan} = false', gotoName: 'moveIn' },
  ],
  pages: [
    {
      name: 'about-you',
      title: { default: 'About you', hi: 'आपके बारे में' },
      description: 'We only use this to contact you.',
      navigationTitle: 'You',
      elements: [
        {
          type: 'text',
          name: 'fullName',
          title: { default: 'Your full name', hi: 'आपका पूरा नाम' },
          isRequired: true,
          requiredErrorText: { default: 'Please tell us your name', hi: 'कृपया अपना नाम बताएं' },
          validators: [{ type: 'text', minLength: 2, maxLength: 60, text: 'Between 2 and 60 letters' }],
          crmField: 'contact.name',
        },
        {
          type: 'text',
          name: 'workEmail',
          title: 'Work e-mail',
          inputType: 'email',
          autocomplete: 'email',
          validators: [{ type: 'email' }],
          startWithNewLine: false,
        },
        {
          type: 'text',
          name: 'phone',
          title: 'Phone',
          inputType: 'tel',
          validators: [{ type: 'regex', regex: '^[6-9]\\d{9}$', text: 'A 10-digit mobile number' }],
          maskType: 'pattern',
          maskSettings: { pattern: '99999 99999' },
        },
        {
          type: 'text',
          name: 'householdSize',
          title: 'How many people will live there?',
          inputType: 'number',
          min: 1,
          max: 20,
          defaultValue: 2,
          validators: [{ type: 'numeric', minValue: 1, maxValue: 20 }],
        },
      ],
    },
    {
      name: 'the-home',
      title: 'The home',
      description: 'Budget, place and size.',
      visibleIf: "{intent} <> 'just-browsing'",
      elements: [
        {
          type: 'radiogroup',
          name: 'intent',
          title: 'Are you buying or renting?',
          choices: [
            { value: 'buy', text: { default: 'Buying', hi: 'खरीदना' } },
            { value: 'rent', text: 'Renting' },
            { value: 'just-browsing', text: 'Just browsing', visibleIf: '{householdSize} > 0' },
          ],
          colCount: 3,
          showOtherItem: true,
          otherText: 'Something else',
        },
        {
          type: 'panel',
          name: 'budgetPanel',
          title: 'Budget',
          state: 'expanded',
          enableIf: "{intent} = 'buy'",
          elements: [
            {
              type: 'text',
              name: 'budget',
              title: 'Budget (₹)',
              inputType: 'number',
              requiredIf: "{intent} = 'buy'",
              validators: [{ type: 'numeric', minValue: 500000, text: 'At least ₹5,00,000' }],
            },
            {
              type: 'boolean',
              name: 'hasLoan',
              title: 'Will you take a home loan?',
              labelTrue: { default: 'Yes, a loan', hi: 'हाँ' },
              labelFalse: 'No, paying in full',
              valueTrue: 'loan',
              valueFalse: 'cash',
            },
            {
              type: 'panel',
              name: 'loanPanel',
              visibleIf: "{hasLoan} = 'loan'",
              innerIndent: 1,
              elements: [
                {
                  type: 'dropdown',
                  name: 'bank',
                  title: 'Preferred bank',
                  choicesByUrl: { url: 'https://example.test/banks', valueName: 'code' },
                  placeholder: 'Pick a bank',
                },
                { type: 'text', name: 'loanAmount', inputType: 'number', visibleIf: '{bank} notempty', defaultValueExpression: '{budget} * 0.8' },
              ],
            },
          ],
        },
        {
          type: 'checkbox',
          name: 'localities',
          title: 'Localities you like',
          choices: ['Whitefield', 'Indiranagar', 'Koramangala', 'HSR Layout'],
          showSelectAllItem: true,
          showNoneItem: true,
          maxSelectedChoices: 3,
          choicesOrder: 'asc',
        },
      ],
    },
    {
      name: 'moveIn',
      title: 'Moving in',
      elements: [
        { type: 'text', name: 'moveDate', title: 'When would you like to move in?', inputType: 'date', minValueExpression: 'today()' },
        { type: 'text', name: 'leaseMonths', title: 'Lease length (months)', inputType: 'number', visible: false },
        { type: 'comment', name: 'notes', title: 'Anything else?', rows: 3, maxLength: 500, allowResize: false },
      ],
    },
  ],
};

/** Decor preferences: matrices, rating, ranking, tagbox, image picker, HTML. */
export const decorSurvey: SurveyJson = {
  locale: 'en',
  showProgressBar: 'top',
  progressBarType: 'questions',
  questionsOnPageMode: 'standard',
  pages: [
    {
      name: 'style',
      elements: [
        { type: 'html', name: 'intro', html: '<p>Pick what <em>feels like home</em>.</p>' },
        {
          type: 'imagepicker',
          name: 'look',
          title: 'Which room speaks to you?',
          choices: [
            { value: 'boho', imageLink: '/media/boho.jpg', text: 'Boho' },
            { value: 'minimal', imageLink: '/media/minimal.jpg', text: 'Minimal' },
          ],
          imageFit: 'cover',
          showLabel: true,
        },
        {
          type: 'matrix',
          name: 'roomMood',
          title: 'How should each room feel?',
          columns: [{ value: 1, text: 'Calm' }, { value: 2, text: 'Lively' }, 'Cosy'],
          rows: [
            { value: 'living', text: 'Living room' },
            'Bedroom',
            { value: 'kitchen', text: { default: 'Kitchen', hi: 'रसोई' }, visibleIf: '{hasKitchen} = true' },
          ],
          isAllRowRequired: true,
          eachRowUnique: false,
          alternateRows: true,
        },
        {
          type: 'matrixdropdown',
          name: 'budgets',
          title: 'Budget per room',
          columns: [
            { name: 'amount', title: 'Amount (₹)', cellType: 'text', inputType: 'number', validators: [{ type: 'numeric', minValue: 0 }] },
            { name: 'priority', cellType: 'dropdown', choices: [1, 2, 3], totalType: 'none' },
            { name: 'diy', cellType: 'boolean', title: 'DIY?' },
          ],
          rows: ['Living room', 'Bedroom'],
          cellType: 'dropdown',
          choices: ['Low', 'Medium', 'High'],
          totalText: 'Total',
        },
      ],
    },
    {
      name: 'taste',
      description: { default: 'Rank and rate.', hi: 'क्रम दें' },
      elements: [
        {
          type: 'rating',
          name: 'satisfaction',
          title: 'How happy are you with your current home?',
          rateMin: 0,
          rateMax: 10,
          minRateDescription: 'Not at all',
          maxRateDescription: 'Very',
          rateType: 'smileys',
          scaleColorMode: 'colored',
        },
        { type: 'rating', name: 'stars', rateValues: [{ value: 1, text: 'Poor' }, 3, 5], displayMode: 'buttons' },
        { type: 'ranking', name: 'priorities', title: 'Rank these', choices: ['Light', 'Storage', 'Colour', 'Plants'], selectToRankEnabled: true },
        { type: 'tagbox', name: 'materials', title: 'Materials', choices: [{ value: 'teak' }, 'cane', 'brass'], hideSelectedItems: true, searchEnabled: false },
        { type: 'boolean', name: 'hasKitchen', title: 'Open kitchen?', renderAs: 'checkbox', defaultValue: true },
      ],
    },
  ],
  'x-studio-notes': { reviewedBy: 'Asha', version: 3, tags: ['decor', '2026'] },
};

/** An older-style definition: top-level `questions`, `hasOther`, numeric choice values, per-question custom data. */
export const legacySurvey: SurveyJson = {
  title: 'Quick poll',
  questions: [
    {
      type: 'radiogroup',
      name: 'rooms',
      title: 'Bedrooms',
      choices: [1, 2, 3, { value: 4, text: '4 or more' }],
      hasOther: true,
      otherText: 'Studio',
      isRequired: true,
    },
    { type: 'dropdown', name: 'city', choices: ['Bengaluru', 'Pune', 'Chennai'], optionsCaption: 'Select…', 'data-analytics': 'city-select' },
    { type: 'text', name: 'referral', visibleIf: '{rooms} >= 3', size: 20, placeHolder: 'Who sent you?' },
    { type: 'expression', name: 'roomsLabel', expression: "iif({rooms} > 2, 'large', 'small')", displayStyle: 'none' },
  ],
  cookieName: 'quick-poll',
  sendResultOnPageNext: false,
};

/** Dynamic panels and matrices, multiple text, file: types the visual editor only lists. */
export const dynamicSurvey: SurveyJson = {
  widthMode: 'static',
  width: '900px',
  headerView: 'advanced',
  firstPageIsStartPage: false,
  pages: [
    {
      name: 'household',
      title: 'Household',
      questions: [
        {
          type: 'paneldynamic',
          name: 'members',
          title: 'Who lives with you?',
          templateTitle: 'Member #{panelIndex}',
          templateElements: [
            { type: 'text', name: 'memberName', title: 'Name' },
            { type: 'dropdown', name: 'relation', choices: ['Spouse', 'Child', 'Parent'], startWithNewLine: false },
          ],
          panelCount: 1,
          minPanelCount: 0,
          maxPanelCount: 8,
          panelAddText: 'Add a member',
        },
        {
          type: 'matrixdynamic',
          name: 'pets',
          columns: [
            { name: 'kind', cellType: 'text' },
            { name: 'count', cellType: 'text', inputType: 'number' },
          ],
          rowCount: 0,
          addRowText: 'Add a pet',
        },
        {
          type: 'multipletext',
          name: 'address',
          items: [
            { name: 'line1', title: 'Line 1' },
            { name: 'pin', title: 'PIN', inputType: 'number' },
          ],
          colCount: 2,
        },
        { type: 'file', name: 'floorPlan', storeDataAsText: false, allowMultiple: true, acceptedTypes: 'image/*,.pdf', maxSize: 5242880 },
        { type: 'signaturepad', name: 'sign', penColor: '#0b2545' },
      ],
    },
  ],
};

/** A survey with top-level `elements` (one implicit page) and an empty second-class page list. */
export const flatSurvey: SurveyJson = {
  elements: [
    { type: 'text', name: 'question1', title: 'First' },
    {
      type: 'panel',
      name: 'panel1',
      elements: [
        { type: 'text', name: 'question2' },
        { type: 'panel', name: 'panel2', elements: [{ type: 'boolean', name: 'question3' }] },
      ],
    },
  ],
  showQuestionNumbers: false,
};

export const FIXTURES: Record<string, SurveyJson> = {
  homeBuyerSurvey,
  decorSurvey,
  legacySurvey,
  dynamicSurvey,
  flatSurvey,
};

/** The fixtures as staff's stored text, parsed fresh for each test. */
export function fixtureText(name: string): string {
  const fixture = FIXTURES[name];
  if (!fixture) throw new Error(`No fixture ${name}`);
  return JSON.stringify(fixture, null, 2);
}
