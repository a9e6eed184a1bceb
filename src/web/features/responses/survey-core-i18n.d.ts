// survey-core's locale modules register their strings when imported (survey-language.ts); they ship no types.
declare module 'survey-core/i18n/hindi';
