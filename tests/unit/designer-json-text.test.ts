import { describe, expect, it } from 'vitest';
import { formatSurveyJson, parseSurveyJson, positionAt } from '#web/features/surveys/designer/json-text';

function errorOf(text: string) {
  const result = parseSurveyJson(text);
  if (result.ok) throw new Error('expected an error');
  return result.error;
}

describe('the JSON tab', () => {
  it('parses a valid definition', () => {
    const doc = { pages: [{ name: 'p', elements: [{ type: 'text', name: 'q', title: 'Ünïcødé "quoted" \\ \u2028' }] }] };
    const result = parseSurveyJson(formatSurveyJson(doc));
    expect(result).toEqual({ ok: true, doc });
  });

  it('gives the line and column of a missing comma', () => {
    const text = '{\n  "pages": [\n    { "name": "p1" }\n    { "name": "p2" }\n  ]\n}';
    expect(errorOf(text)).toMatchObject({ line: 4, column: 5, message: 'Unexpected "{": expected "," or "]"' });
  });

  it('points at trailing commas, single quotes, unquoted keys and unclosed strings', () => {
    expect(errorOf('{\n  "a": 1,\n}')).toMatchObject({ line: 3, column: 1, message: 'Trailing comma before "}"' });
    expect(errorOf('[1, 2, ]')).toMatchObject({ line: 1, column: 8, message: 'Trailing comma before "]"' });
    expect(errorOf('{"title": \'Hi\'}')).toMatchObject({ line: 1, column: 11, message: 'Strings must use double quotes (")' });
    expect(errorOf('{\n title: "x"}')).toMatchObject({ line: 2, column: 2 });
    expect(errorOf('{"title": "never closed}')).toMatchObject({ line: 1, column: 11, message: 'This string is not closed (missing ")' });
    expect(errorOf('{"a": "line\nbreak"}')).toMatchObject({ line: 1, column: 12 });
  });

  it('reports bad literals, numbers and escapes where they are', () => {
    expect(errorOf('{"a": tru}')).toMatchObject({ column: 10 });
    expect(errorOf('{"a": -}')).toMatchObject({ column: 7, message: 'Invalid number' });
    expect(errorOf('{"a": 01}')).toMatchObject({ column: 8 });
    expect(errorOf('{"a": "\\x"}')).toMatchObject({ column: 8, message: 'Invalid escape "\\x" in a string' });
    expect(errorOf('{"a": "\\u12"}')).toMatchObject({ column: 8 });
  });

  it('reports the end of the text and text after the end', () => {
    expect(errorOf('{\n  "pages": [')).toMatchObject({ line: 2, column: 13, message: 'Unexpected the end of the text: expected a value' });
    expect(errorOf('')).toMatchObject({ line: 1, column: 1 });
    expect(errorOf('{} {}')).toMatchObject({ column: 4, message: 'Unexpected "{" after the end of the JSON' });
  });

  it('refuses JSON that is not an object', () => {
    expect(errorOf('  [1, 2]')).toMatchObject({ line: 1, column: 3, message: expect.stringContaining('must be a JSON object') });
    expect(errorOf('null')).toMatchObject({ message: expect.stringContaining('must be a JSON object') });
  });

  it('agrees with JSON.parse about what is valid', () => {
    const samples = [
      '{"a":[1,2.5e-3,-0,true,false,null,{"b":"\\u00e9\\n"}]}',
      '{"a": 1e5}',
      '{"a":"\\/"}',
      '{"a": 1.}',
      '{"a": .5}',
      '{"a": +1}',
      '{"a": 1}x',
      '{"a" 1}',
    ];
    for (const sample of samples) {
      let valid = true;
      try {
        JSON.parse(sample);
      } catch {
        valid = false;
      }
      expect(parseSurveyJson(sample).ok, sample).toBe(valid);
    }
  });

  it('refuses comments, which JSON does not have', () => {
    expect(errorOf('{\n  "a": 1 // budget\n}')).toMatchObject({ line: 2, column: 10, message: 'Comments are not allowed in JSON' });
  });

  it('counts lines and columns from 1', () => {
    expect(positionAt('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(positionAt('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});
