import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { createCampaign, setCampaignActive } from './campaigns.service';
import { hasAnyCampaign } from './campaigns.repository';
import { recordAudit, type AuditActor } from '#server/features/audit';

export const DEMO_CAMPAIGN_NAME = 'Find your dream home';

/** The demo survey: what a visitor to a Bengaluru real-estate and decor studio is asked. */
/** The demo survey's Hindi: each text in SurveyJS's localized form, `{"default": …, "hi": …}`. */
const HINDI: Readonly<Record<string, string>> = {
  'Find your dream home': 'अपना सपनों का घर खोजें',
  'A few quick questions so our advisors can shortlist homes and interiors for you.': 'कुछ छोटे सवाल, ताकि हमारे सलाहकार आपके लिए घर और इंटीरियर चुन सकें।',
  'Send my preferences': 'मेरी पसंद भेजें',
  'Your next home': 'आपका अगला घर',
  'What kind of home are you looking for?': 'आप किस तरह का घर ढूँढ रहे हैं?',
  Apartment: 'अपार्टमेंट',
  Villa: 'विला',
  'Independent house': 'स्वतंत्र मकान',
  Penthouse: 'पेंटहाउस',
  'Plot to build on': 'घर बनाने के लिए प्लॉट',
  'What is your budget?': 'आपका बजट क्या है?',
  'Choose a range': 'एक सीमा चुनें',
  'Under ₹50 lakh': '₹50 लाख से कम',
  '₹50 lakh – ₹1 crore': '₹50 लाख – ₹1 करोड़',
  '₹1 crore – ₹2 crore': '₹1 करोड़ – ₹2 करोड़',
  '₹2 crore – ₹5 crore': '₹2 करोड़ – ₹5 करोड़',
  'Above ₹5 crore': '₹5 करोड़ से ज़्यादा',
  'How many bedrooms?': 'कितने बेडरूम?',
  'Would you like help arranging a home loan?': 'क्या आप होम लोन दिलाने में मदद चाहेंगे?',
  'Where would you like to live?': 'आप कहाँ रहना चाहेंगे?',
  'Preferred localities': 'पसंदीदा इलाके',
  'Pick as many as you like.': 'जितने चाहें उतने चुनें।',
  'Somewhere else': 'कहीं और',
  Indiranagar: 'इंदिरानगर',
  Koramangala: 'कोरमंगला',
  'HSR Layout': 'एचएसआर लेआउट',
  Whitefield: 'व्हाइटफ़ील्ड',
  Jayanagar: 'जयनगर',
  Hebbal: 'हेब्बल',
  'Sarjapur Road': 'सरजापुर रोड',
  'Electronic City': 'इलेक्ट्रॉनिक सिटी',
  'Getting around': 'आना-जाना',
  'Should it be close to a metro station?': 'क्या यह मेट्रो स्टेशन के पास होना चाहिए?',
  'Longest daily commute you would accept': 'रोज़ के सफ़र का सबसे लंबा समय जो आपको मंज़ूर हो',
  '15 minutes': '15 मिनट',
  '30 minutes': '30 मिनट',
  '45 minutes': '45 मिनट',
  'One hour or more': 'एक घंटा या उससे ज़्यादा',
  'Living and decor': 'रहन-सहन और सजावट',
  'Must-have amenities': 'ज़रूरी सुविधाएँ',
  'Choose amenities': 'सुविधाएँ चुनें',
  Gym: 'जिम',
  'Swimming pool': 'स्विमिंग पूल',
  'Covered parking': 'ढकी हुई पार्किंग',
  'Power backup': 'पावर बैकअप',
  "Children's play area": 'बच्चों के खेलने की जगह',
  Clubhouse: 'क्लबहाउस',
  '24×7 security': '24×7 सुरक्षा',
  'Pet-friendly spaces': 'पालतू जानवरों के लिए जगह',
  'EV charging': 'ईवी चार्जिंग',
  'Which decor style feels like home?': 'सजावट की कौन-सी शैली आपको घर जैसी लगती है?',
  'Modern minimal': 'आधुनिक मिनिमल',
  'Contemporary Indian': 'समकालीन भारतीय',
  Scandinavian: 'स्कैंडिनेवियन',
  'Industrial loft': 'इंडस्ट्रियल लॉफ़्ट',
  'Classic and traditional': 'क्लासिक और पारंपरिक',
  'Boho and eclectic': 'बोहो और विविध',
  'Would you like our studio to design the interiors?': 'क्या आप चाहेंगे कि हमारा स्टूडियो इंटीरियर डिज़ाइन करे?',
  'Interior budget': 'इंटीरियर का बजट',
  'Under ₹5 lakh': '₹5 लाख से कम',
  '₹5 – ₹15 lakh': '₹5 – ₹15 लाख',
  '₹15 – ₹30 lakh': '₹15 – ₹30 लाख',
  'Above ₹30 lakh': '₹30 लाख से ज़्यादा',
  'Timing and contact': 'समय और संपर्क',
  'When would you like to move in?': 'आप कब तक शिफ़्ट होना चाहेंगे?',
  'As soon as possible': 'जितनी जल्दी हो सके',
  'Within 3 months': '3 महीने के अंदर',
  'In 3 to 6 months': '3 से 6 महीने में',
  'In 6 to 12 months': '6 से 12 महीने में',
  'Just exploring': 'अभी बस देख रहे हैं',
  'Anything else we should know?': 'कुछ और जो हमें जानना चाहिए?',
  'Schools nearby, a garden, a home office, parents living with you…': 'पास में स्कूल, बगीचा, घर में ऑफ़िस, साथ रहने वाले माता-पिता…',
  'Phone number': 'फ़ोन नंबर',
  'Our advisor will call you at a time that suits you.': 'हमारे सलाहकार आपकी सुविधा के समय पर आपको फ़ोन करेंगे।',
  'Please enter a phone number, for example +91 98765 43210.': 'कृपया फ़ोन नंबर लिखें, जैसे +91 98765 43210।',
  'Best time to call': 'फ़ोन करने का सबसे अच्छा समय',
  Morning: 'सुबह',
  Afternoon: 'दोपहर',
  Evening: 'शाम',
  '1 BHK': '1 बीएचके',
  '2 BHK': '2 बीएचके',
  '3 BHK': '3 बीएचके',
  '4 BHK': '4 बीएचके',
  '5+ BHK': '5+ बीएचके',
};

function hi(text: string): { default: string; hi: string } {
  const hindi = HINDI[text];
  if (hindi === undefined) throw new Error(`No Hindi for the demo survey's "${text}"`);
  return { default: text, hi: hindi };
}

export const DEMO_SURVEY = {
  title: hi('Find your dream home'),
  description: hi('A few quick questions so our advisors can shortlist homes and interiors for you.'),
  showQuestionNumbers: 'off',
  completeText: hi('Send my preferences'),
  pages: [
    {
      name: 'home',
      title: hi('Your next home'),
      elements: [
        {
          type: 'radiogroup',
          name: 'propertyType',
          title: hi('What kind of home are you looking for?'),
          // Homes of this kind, read from their unit size or name.
          listingMatch: 'project.type',
          isRequired: true,
          colCount: 2,
          choices: [
            { value: 'apartment', text: hi('Apartment') },
            { value: 'villa', text: hi('Villa') },
            { value: 'independent-house', text: hi('Independent house') },
            { value: 'penthouse', text: hi('Penthouse') },
            { value: 'plot', text: hi('Plot to build on') },
          ],
        },
        {
          type: 'dropdown',
          name: 'budget',
          title: hi('What is your budget?'),
          // Each range's value is its top in rupees, so homes can be matched to it.
          listingMatch: 'project.maxPrice',
          isRequired: true,
          placeholder: hi('Choose a range'),
          choices: [
            { value: 5000000, text: hi('Under ₹50 lakh') },
            { value: 10000000, text: hi('₹50 lakh – ₹1 crore') },
            { value: 20000000, text: hi('₹1 crore – ₹2 crore') },
            { value: 50000000, text: hi('₹2 crore – ₹5 crore') },
            { value: 1000000000, text: hi('Above ₹5 crore') },
          ],
        },
        {
          type: 'rating',
          name: 'bedrooms',
          listingMatch: 'project.bedrooms',
          title: hi('How many bedrooms?'),
          isRequired: true,
          rateValues: [
            { value: 1, text: hi('1 BHK') },
            { value: 2, text: hi('2 BHK') },
            { value: 3, text: hi('3 BHK') },
            { value: 4, text: hi('4 BHK') },
            { value: 5, text: hi('5+ BHK') },
          ],
        },
        {
          type: 'boolean',
          name: 'homeLoan',
          title: hi('Would you like help arranging a home loan?'),
        },
      ],
    },
    {
      name: 'location',
      title: hi('Where would you like to live?'),
      elements: [
        {
          type: 'checkbox',
          name: 'localities',
          listingMatch: 'project.locality',
          title: hi('Preferred localities'),
          description: hi('Pick as many as you like.'),
          isRequired: true,
          colCount: 2,
          showOtherItem: true,
          otherText: hi('Somewhere else'),
          choices: [
            { value: 'Indiranagar', text: hi('Indiranagar') },
            { value: 'Koramangala', text: hi('Koramangala') },
            { value: 'HSR Layout', text: hi('HSR Layout') },
            { value: 'Whitefield', text: hi('Whitefield') },
            { value: 'Jayanagar', text: hi('Jayanagar') },
            { value: 'Hebbal', text: hi('Hebbal') },
            { value: 'Sarjapur Road', text: hi('Sarjapur Road') },
            { value: 'Electronic City', text: hi('Electronic City') },
          ],
        },
        {
          type: 'panel',
          name: 'commute',
          title: hi('Getting around'),
          elements: [
            { type: 'boolean', name: 'nearMetro', title: hi('Should it be close to a metro station?') },
            {
              type: 'dropdown',
              name: 'commuteTime',
              title: hi('Longest daily commute you would accept'),
              choices: [
                { value: '15 minutes', text: hi('15 minutes') },
                { value: '30 minutes', text: hi('30 minutes') },
                { value: '45 minutes', text: hi('45 minutes') },
                { value: 'One hour or more', text: hi('One hour or more') },
              ],
            },
          ],
        },
      ],
    },
    {
      name: 'style',
      title: hi('Living and decor'),
      elements: [
        {
          type: 'tagbox',
          name: 'amenities',
          title: hi('Must-have amenities'),
          placeholder: hi('Choose amenities'),
          choices: [
            { value: 'Gym', text: hi('Gym') },
            { value: 'Swimming pool', text: hi('Swimming pool') },
            { value: 'Covered parking', text: hi('Covered parking') },
            { value: 'Power backup', text: hi('Power backup') },
            { value: "Children's play area", text: hi("Children's play area") },
            { value: 'Clubhouse', text: hi('Clubhouse') },
            { value: '24×7 security', text: hi('24×7 security') },
            { value: 'Pet-friendly spaces', text: hi('Pet-friendly spaces') },
            { value: 'EV charging', text: hi('EV charging') },
          ],
        },
        {
          type: 'radiogroup',
          name: 'decorStyle',
          listingMatch: 'product.keywords',
          title: hi('Which decor style feels like home?'),
          colCount: 2,
          choices: [
            { value: 'modern-minimal', text: hi('Modern minimal') },
            { value: 'contemporary-indian', text: hi('Contemporary Indian') },
            { value: 'scandinavian', text: hi('Scandinavian') },
            { value: 'industrial', text: hi('Industrial loft') },
            { value: 'classic', text: hi('Classic and traditional') },
            { value: 'boho', text: hi('Boho and eclectic') },
          ],
        },
        {
          type: 'boolean',
          name: 'interiorHelp',
          title: hi('Would you like our studio to design the interiors?'),
        },
        {
          type: 'dropdown',
          name: 'interiorBudget',
          title: hi('Interior budget'),
          visibleIf: '{interiorHelp} = true',
          listingMatch: 'product.maxPrice',
          choices: [
            { value: 500000, text: hi('Under ₹5 lakh') },
            { value: 1500000, text: hi('₹5 – ₹15 lakh') },
            { value: 3000000, text: hi('₹15 – ₹30 lakh') },
            { value: 100000000, text: hi('Above ₹30 lakh') },
          ],
        },
      ],
    },
    {
      name: 'contact',
      title: hi('Timing and contact'),
      elements: [
        {
          type: 'dropdown',
          name: 'moveIn',
          title: hi('When would you like to move in?'),
          isRequired: true,
          // Values are months from today, so homes ready by then can be matched.
          listingMatch: 'project.readyBy',
          choices: [
            { value: 0, text: hi('As soon as possible') },
            { value: 3, text: hi('Within 3 months') },
            { value: 6, text: hi('In 3 to 6 months') },
            { value: 12, text: hi('In 6 to 12 months') },
            { value: 'exploring', text: hi('Just exploring') },
          ],
        },
        {
          type: 'comment',
          name: 'notes',
          title: hi('Anything else we should know?'),
          placeholder: hi('Schools nearby, a garden, a home office, parents living with you…'),
          maxLength: 1000,
        },
        {
          type: 'text',
          name: 'phone',
          title: hi('Phone number'),
          // This answer is the lead's phone.
          leadField: 'phone',
          description: hi('Our advisor will call you at a time that suits you.'),
          inputType: 'tel',
          autocomplete: 'tel',
          placeholder: '+91 98765 43210',
          validators: [
            {
              type: 'regex',
              regex: '^\\+?[0-9 ()-]{8,20}$',
              text: hi('Please enter a phone number, for example +91 98765 43210.'),
            },
          ],
        },
        {
          type: 'radiogroup',
          name: 'callTime',
          title: hi('Best time to call'),
          choices: [
            { value: 'Morning', text: hi('Morning') },
            { value: 'Afternoon', text: hi('Afternoon') },
            { value: 'Evening', text: hi('Evening') },
          ],
        },
      ],
    },
  ],
};

/** Adds the demo campaign, active, to a database that has no campaign yet (safe to call on every start); its id, or null when there was one. */
export async function seedDemoCampaign(db: Kysely<Database>): Promise<string | null> {
  if (await hasAnyCampaign(db)) return null;
  const id = await createCampaign(db, { name: DEMO_CAMPAIGN_NAME, questions: JSON.stringify(DEMO_SURVEY) }, null);
  await db.transaction().execute((trx) => setCampaignActive(trx, id, true, null));
  return id;
}

/** The demo survey while it is still as seeded (same name and questions: one an owner edited is theirs). */
export async function findDemoCampaigns(db: Kysely<Database>): Promise<Array<{ id: string; name: string }>> {
  const rows = await db.selectFrom('campaigns').select(['id', 'name', 'questions']).where('name', '=', DEMO_CAMPAIGN_NAME).execute();
  const seeded = JSON.stringify(DEMO_SURVEY);
  return rows.filter((row) => row.questions === seeded).map(({ id, name }) => ({ id, name }));
}

/** Deletes the demo survey (the caller has made sure no real person's record would go with it: they cascade). */
export async function deleteDemoCampaign(db: Kysely<Database>, id: string, actor: AuditActor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('campaigns').where('id', '=', id).execute();
    await recordAudit(trx, { actor, kind: 'campaign.deleted', recordType: 'campaign', recordId: id });
  });
}
