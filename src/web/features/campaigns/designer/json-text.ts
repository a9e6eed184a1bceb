import { isJsonObject, type JsonValue, type SurveyJson } from './survey-json';

export interface JsonTextError {
  message: string;
  /** 0-based character offset of the problem. */
  offset: number;
  /** 1-based line and column. */
  line: number;
  column: number;
}

export type JsonTextResult = { ok: true; doc: SurveyJson } | { ok: false; error: JsonTextError };

export function formatSurveyJson(doc: SurveyJson): string {
  return JSON.stringify(doc, null, 2);
}

export function positionAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i += 1) {
    if (text[i] === '\n') {
      line += 1;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const describe = (char: string | undefined) => (char === undefined ? 'the end of the text' : `"${char}"`);

/**
 * Finds the first syntax error of a JSON text. JSON.parse says where only in some engines and
 * versions, so the designer locates errors itself (RFC 8259 grammar).
 */
function scan(text: string): void {
  let i = 0;
  const fail = (message: string, at = i): never => {
    throw new JsonSyntaxError(message, at);
  };
  const skipSpace = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i] as string)) i += 1;
  };
  const expectWord = (word: string) => {
    for (let k = 0; k < word.length; k += 1) {
      if (text[i + k] !== word[k]) fail(`Unexpected ${describe(text[i + k])}: expected "${word}"`, i + k);
    }
    i += word.length;
  };
  const string = () => {
    const start = i;
    i += 1;
    for (;;) {
      const char = text[i];
      if (char === undefined) fail('This string is not closed (missing ")', start);
      if (char === '"') {
        i += 1;
        return;
      }
      if (char === '\\') {
        const escape = text[i + 1];
        if (escape === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail('Invalid \\u escape: expected four hex digits', i);
          i += 6;
        } else if (escape !== undefined && '"\\/bfnrt'.includes(escape)) i += 2;
        else fail(`Invalid escape "\\${escape ?? ''}" in a string`, i);
        continue;
      }
      if ((char as string).charCodeAt(0) < 0x20) fail('A line break or control character inside a string must be escaped', i);
      i += 1;
    }
  };
  const number = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!match || match[0] === '-') fail('Invalid number');
    i += (match as RegExpExecArray)[0].length;
  };
  const value = (): void => {
    skipSpace();
    const char = text[i];
    if (char === '{') return object();
    if (char === '[') return array();
    if (char === '"') return string();
    if (char === 't') return expectWord('true');
    if (char === 'f') return expectWord('false');
    if (char === 'n') return expectWord('null');
    if (char === '-' || (char !== undefined && char >= '0' && char <= '9')) return number();
    if (char === "'") fail('Strings must use double quotes (")');
    fail(`Unexpected ${describe(char)}: expected a value`);
  };
  const object = () => {
    i += 1;
    skipSpace();
    if (text[i] === '}') {
      i += 1;
      return;
    }
    for (;;) {
      skipSpace();
      if (text[i] !== '"') fail(text[i] === '}' ? 'Trailing comma before "}"' : `Unexpected ${describe(text[i])}: expected a property name in double quotes`);
      string();
      skipSpace();
      if (text[i] !== ':') fail(`Unexpected ${describe(text[i])}: expected ":" after the property name`);
      i += 1;
      value();
      skipSpace();
      if (text[i] === ',') {
        i += 1;
        continue;
      }
      if (text[i] === '}') {
        i += 1;
        return;
      }
      fail(`Unexpected ${describe(text[i])}: expected "," or "}"`);
    }
  };
  const array = () => {
    i += 1;
    skipSpace();
    if (text[i] === ']') {
      i += 1;
      return;
    }
    for (;;) {
      skipSpace();
      if (text[i] === ']') fail('Trailing comma before "]"');
      value();
      skipSpace();
      if (text[i] === ',') {
        i += 1;
        continue;
      }
      if (text[i] === ']') {
        i += 1;
        return;
      }
      fail(`Unexpected ${describe(text[i])}: expected "," or "]"`);
    }
  };
  value();
  skipSpace();
  if (i < text.length) fail(`Unexpected ${describe(text[i])} after the end of the JSON`);
}

function errorAt(text: string, message: string, offset: number): JsonTextResult {
  return { ok: false, error: { message, offset, ...positionAt(text, offset) } };
}

/** Parses a survey definition typed by staff: a JSON object, or an error with its line and column. */
export function parseSurveyJson(text: string): JsonTextResult {
  try {
    scan(text);
  } catch (error) {
    if (error instanceof JsonSyntaxError) return errorAt(text, error.message, error.offset);
    throw error;
  }
  const value = JSON.parse(text) as JsonValue;
  if (!isJsonObject(value)) {
    return errorAt(text, 'The survey definition must be a JSON object: { "pages": [ … ] }', text.length - text.trimStart().length);
  }
  return { ok: true, doc: value };
}
