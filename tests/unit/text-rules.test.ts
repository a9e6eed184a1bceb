import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANSWER_TEXT_NESTING_LIMIT, surveyResponseSchema } from '#shared/responses/responses.contract';
import { ANSWER_NESTING_MESSAGE, jsonProblem, jsonTextDeeperThan, nulPath } from '#shared/text-rules';

const nestedArray = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);

describe('jsonTextDeeperThan', () => {
  it('reads the same depth from the text as jsonProblem finds once it is parsed', () => {
    const texts = [
      '{}',
      '[]',
      '"[[[["',
      '{"a":"]]]}}}","b":[[{"c":"\\"[[["}]]}',
      '{"a\\\\":[["\\\\"],[{"x":"{\\"{"}]]}',
      `{"x":${nestedArray(10)},"y":[1,[2,[3]]]}`,
      '{"a":"\\u005b\\u007b","b":[[[]]]}',
    ];
    for (const text of texts) {
      for (let limit = 0; limit <= 12; limit++) {
        expect(jsonTextDeeperThan(text, limit), `${text} ${limit}`).toBe(jsonProblem(JSON.parse(text), limit)?.kind === 'nesting');
      }
    }
  });

  it('refuses text nested 10,000 levels deep without parsing it', () => {
    const parse = vi.spyOn(JSON, 'parse');
    const result = surveyResponseSchema.safeParse({ response: { email: 'a@example.com', emailId: 'x', answer: `{"a":${nestedArray(10_000)}}` } });
    expect(parse).not.toHaveBeenCalled();
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(ANSWER_NESTING_MESSAGE);
    expect(jsonTextDeeperThan(`{"a":${nestedArray(ANSWER_TEXT_NESTING_LIMIT - 1)}}`, ANSWER_TEXT_NESTING_LIMIT)).toBe(false);
  });

  afterEach(() => vi.restoreAllMocks());
});

describe('nulPath', () => {
  it('names the first NUL, in a key or a value, at any depth (no recursion to overflow)', () => {
    expect(nulPath({ a: ['ok', { 'b\u0000': 1 }], c: 'x\u0000' })).toEqual(['a', 1, 'b\u0000']);
    expect(nulPath({ a: 'fine', c: ['x', 'y\u0000'] }, ['answer'])).toEqual(['answer', 'c', 1]);
    expect(nulPath({ a: 'fine' })).toBeNull();
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 50_000; i++) deep = [deep];
    const path = nulPath(deep);
    expect(path).toHaveLength(50_000);
  });
});
