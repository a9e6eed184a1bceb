import { printParseErrorCode, visit, type ParseErrorCode } from 'jsonc-parser';
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

const describe = (char: string | undefined) => (char === undefined ? 'the end of the text' : `"${char}"`);

type Container = 'object' | 'array' | undefined;

const WORDS = ['true', 'false', 'null'];

/** The first bad character inside the string token starting at `start` (jsonc-parser points at the token). */
function insideString(text: string, start: number): { message: string; offset: number } | null {
  for (let i = start + 1; i < text.length; i += 1) {
    const char = text[i] as string;
    if (char === '"') return null;
    if (char === '\\') {
      const escape = text[i + 1];
      if (escape === 'u') {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return { message: 'Invalid \\u escape: expected four hex digits', offset: i };
      } else if (escape === undefined || !'"\\/bfnrt'.includes(escape)) {
        return { message: `Invalid escape "\\${escape ?? ''}" in a string`, offset: i };
      }
      i += 1;
    } else if (char.charCodeAt(0) < 0x20) {
      return { message: 'A line break or control character inside a string must be escaped', offset: i };
    }
  }
  return null;
}

function previousChar(text: string, offset: number): string | undefined {
  let i = offset - 1;
  while (i >= 0 && ' \t\n\r'.includes(text[i] as string)) i -= 1;
  return text[i];
}

/** The designer's words for jsonc-parser's error, at the character it is about. */
function explain(code: ParseErrorCode, text: string, offset: number, length: number, container: Container): { message: string; offset: number } {
  const char = text[offset];
  const at = (message: string, where = offset) => ({ message, offset: where });
  switch (printParseErrorCode(code)) {
    case 'CommaExpected':
    case 'CloseBraceExpected':
    case 'CloseBracketExpected': {
      const before = previousChar(text, offset);
      if (char === undefined && (before === '[' || before === ',' || before === ':')) return at('Unexpected the end of the text: expected a value');
      return at(`Unexpected ${describe(char)}: expected "," or "${container === 'object' ? '}' : ']'}"`);
    }
    case 'PropertyNameExpected':
      return at(char === '}' ? 'Trailing comma before "}"' : `Unexpected ${describe(char)}: expected a property name in double quotes`);
    case 'ColonExpected':
      return at(`Unexpected ${describe(char)}: expected ":" after the property name`);
    case 'ValueExpected':
      if (char === ']' && container === 'array') return at('Trailing comma before "]"');
      return at(`Unexpected ${describe(char)}: expected a value`);
    case 'EndOfFileExpected':
      return at(`Unexpected ${describe(char)} after the end of the JSON`);
    case 'UnexpectedEndOfString':
      return insideString(text, offset) ?? at('This string is not closed (missing ")');
    case 'InvalidUnicode':
    case 'InvalidEscapeCharacter':
    case 'InvalidCharacter':
      return insideString(text, offset) ?? at('Invalid string');
    case 'InvalidNumberFormat':
    case 'UnexpectedEndOfNumber':
      return at('Invalid number');
    case 'InvalidCommentToken':
    case 'UnexpectedEndOfComment':
      return at('Comments are not allowed in JSON');
    default: {
      // InvalidSymbol: an unquoted name, a misspelt word, a lone minus, single quotes.
      if (container === 'object' && /^\s*:/.test(text.slice(offset + length)))
        return at(`Unexpected ${describe(char)}: expected a property name in double quotes`);
      const word = WORDS.find((w) => w[0] === char);
      if (word) {
        let k = 0;
        while (text[offset + k] === word[k]) k += 1;
        return at(`Unexpected ${describe(text[offset + k])}: expected "${word}"`, offset + k);
      }
      if (char === '-') return at('Invalid number');
      if (char === "'") return at('Strings must use double quotes (")');
      return at(`Unexpected ${describe(char)}: expected a value`);
    }
  }
}

/** The first syntax error of a JSON text, located by jsonc-parser (JSON.parse says where only in some engines). */
function firstError(text: string): { message: string; offset: number } | null {
  const containers: Container[] = [];
  let first: { message: string; offset: number } | null = null;
  visit(
    text,
    {
      onObjectBegin: () => void containers.push('object'),
      onObjectEnd: () => void containers.pop(),
      onArrayBegin: () => void containers.push('array'),
      onArrayEnd: () => void containers.pop(),
      onError: (code, offset, length) => {
        first ??= explain(code, text, offset, length, containers.at(-1));
      },
    },
    { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false },
  );
  return first;
}

function errorAt(text: string, message: string, offset: number): JsonTextResult {
  return { ok: false, error: { message, offset, ...positionAt(text, offset) } };
}

/** Parses a survey definition typed by staff: a JSON object, or an error with its line and column. */
export function parseSurveyJson(text: string): JsonTextResult {
  const problem = firstError(text);
  if (problem) return errorAt(text, problem.message, problem.offset);
  let value: JsonValue;
  try {
    value = JSON.parse(text) as JsonValue;
  } catch {
    // Where jsonc-parser is more lenient than JSON (none known): the start, rather than nothing.
    return errorAt(text, 'This is not valid JSON', 0);
  }
  if (!isJsonObject(value)) {
    return errorAt(text, 'The survey definition must be a JSON object: { "pages": [ … ] }', text.length - text.trimStart().length);
  }
  return { ok: true, doc: value };
}
