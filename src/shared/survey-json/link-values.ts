/**
 * Questions "filled from the link" (README "Channels", decision 0033): a question with
 * `fromLink: true` takes the survey link's query parameter named as the question (`?ref=abc` fills
 * the question `ref`; a question sharing a value through `valueName` fills that value). Usually a
 * hidden question (`visible: false`), so the answer goes with the response as any other answer and
 * the server checks it as any other answer. Plain JSON walking: no survey-core, so the light first
 * page (light-survey.tsx) can use it.
 */

/** Link values are at most this many characters (web/lib/arrival.ts keeps no longer ones). */
export const LINK_VALUE_MAX = 200;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The questions marked "filled from the link" in a SurveyJS JSON: their name (the parameter) and the value they fill. */
export function linkQuestions(survey: unknown): Array<{ name: string; valueName: string }> {
  const found: Array<{ name: string; valueName: string }> = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) walk(item);
      return;
    }
    if (!isObject(value)) return;
    if (value.fromLink === true && typeof value.name === 'string' && value.name !== '') {
      found.push({ name: value.name, valueName: typeof value.valueName === 'string' && value.valueName !== '' ? value.valueName : value.name });
    }
    for (const key of ['pages', 'elements', 'templateElements']) if (key in value) walk(value[key]);
  };
  walk(survey);
  return found;
}

/** The answers the link fills: value name → the parameter's value (trimmed, at most LINK_VALUE_MAX characters), for the parameters the link has. */
export function linkAnswers(survey: unknown, params: Readonly<Record<string, string>>): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const { name, valueName } of linkQuestions(survey)) {
    const value = Object.hasOwn(params, name) ? params[name]!.trim().slice(0, LINK_VALUE_MAX) : '';
    if (value) answers[valueName] = value;
  }
  return answers;
}
