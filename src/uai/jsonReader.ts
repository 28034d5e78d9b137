/**
 * The strict JSON reader proper: recursive descent over the text's UTF-16 code units, RFC 8259
 * exactly, the values JSON.parse gives, a duplicate member name and a number two readers may read
 * differently refused where they stand. `jsonText.ts` runs it on a document and turns its
 * failure into a result with a line and a column.
 */
import { jsonPointer } from './jsonPointer.ts';
import { unsafeNumberLiteral } from './ijsonNumbers.ts';
import {
  CHAR_0,
  CHAR_1,
  CHAR_9,
  CHAR_BACKSLASH,
  CHAR_CLOSE_BRACE,
  CHAR_CLOSE_BRACKET,
  CHAR_COLON,
  CHAR_COMMA,
  CHAR_CR,
  CHAR_DOT,
  CHAR_E,
  CHAR_LF,
  CHAR_LOWER_E,
  CHAR_LOWER_F,
  CHAR_LOWER_N,
  CHAR_LOWER_T,
  CHAR_LOWER_U,
  CHAR_MINUS,
  CHAR_OPEN_BRACE,
  CHAR_OPEN_BRACKET,
  CHAR_PLUS,
  CHAR_QUOTE,
  CHAR_SPACE,
  CHAR_TAB,
  SIMPLE_ESCAPES,
  isDigit,
  isValueStart,
  readHex4,
} from './jsonCharacters.ts';
import {
  controlCharacter,
  describeCharAt,
  describeEscape,
  describeObject,
  missingName,
  missingValue,
  quoteForMessage,
  unclosed,
  type Diagnosis,
} from './jsonReadMessages.ts';

export type JsonReadErrorCode =
  'UAI-JSON-PARSE' | 'UAI-JSON-TOO-LARGE' | 'UAI-JSON-DUPLICATE-KEY' | 'UAI-JSON-NUMBER-UNSAFE';

/** A failure found while reading; turned into a JsonReadError once, at the top. */
export class ReadFailure {
  constructor(
    readonly code: JsonReadErrorCode,
    readonly at: number,
    readonly path: string,
    readonly problem: string,
    readonly fix: string,
  ) {}
}

/**
 * Recursive-descent reader over UTF-16 code units. It tracks only an offset: lines and
 * columns are computed once, for the error, so the happy path pays nothing for them. `path`
 * holds the segments of the value being read and is pushed and popped in place, so a pointer
 * string is built only for an error.
 */
export class Reader {
  pos = 0;
  depth = 0;
  readonly path: (string | number)[] = [];

  constructor(
    readonly text: string,
    readonly maxDepth: number,
  ) {}

  fail(at: number, problem: string, fix: string, path = jsonPointer(this.path)): ReadFailure {
    return new ReadFailure('UAI-JSON-PARSE', at, path, problem, fix);
  }

  skipWhitespace(): void {
    const text = this.text;
    let pos = this.pos;
    for (;;) {
      const char = text.charCodeAt(pos);
      if (char === CHAR_SPACE || char === CHAR_LF || char === CHAR_CR || char === CHAR_TAB) pos++;
      else break;
    }
    this.pos = pos;
  }

  /** Reads the value starting at `pos`, which must not be whitespace. */
  readValue(): unknown {
    const char = this.text.charCodeAt(this.pos);
    switch (char) {
      case CHAR_OPEN_BRACE:
        return this.readObject();
      case CHAR_OPEN_BRACKET:
        return this.readArray();
      case CHAR_QUOTE:
        return this.readString();
      case CHAR_LOWER_T:
        return this.readLiteral('true', true);
      case CHAR_LOWER_F:
        return this.readLiteral('false', false);
      case CHAR_LOWER_N:
        return this.readLiteral('null', null);
      case CHAR_MINUS:
      case CHAR_0:
      case CHAR_1:
      case 0x32:
      case 0x33:
      case 0x34:
      case 0x35:
      case 0x36:
      case 0x37:
      case 0x38:
      case CHAR_9:
        return this.readNumber();
      default:
        throw this.missingValue(this.pos);
    }
  }

  private enter(at: number): void {
    if (++this.depth > this.maxDepth) {
      throw this.fail(
        at,
        `objects and arrays are nested deeper than the limit of ${this.maxDepth} levels`,
        'flatten the document',
      );
    }
  }

  private readObject(): Record<string, unknown> {
    const text = this.text;
    const openAt = this.pos;
    this.enter(openAt);
    this.pos++;
    const object: Record<string, unknown> = {};
    this.skipWhitespace();
    if (text.charCodeAt(this.pos) === CHAR_CLOSE_BRACE) {
      this.pos++;
      this.depth--;
      return object;
    }
    let commaAt = -1;
    for (;;) {
      const nameAt = this.pos;
      if (text.charCodeAt(nameAt) !== CHAR_QUOTE) throw this.missingName(nameAt, commaAt, openAt);
      const name = this.readString();
      if (Object.hasOwn(object, name)) {
        throw new ReadFailure(
          'UAI-JSON-DUPLICATE-KEY',
          nameAt,
          jsonPointer([...this.path, name]),
          `duplicate member name ${quoteForMessage(name)} in ${describeObject(this.path)}`,
          'a name may appear only once in an object: remove or rename one of the two members',
        );
      }
      this.skipWhitespace();
      if (text.charCodeAt(this.pos) !== CHAR_COLON) {
        throw this.fail(
          this.pos,
          `expected ':' after the member name ${quoteForMessage(name)}, found ${describeCharAt(text, this.pos)}`,
          "write ':' between a member name and its value",
          jsonPointer([...this.path, name]),
        );
      }
      this.pos++;
      this.skipWhitespace();
      this.path.push(name);
      const value = this.readValue();
      this.path.pop();
      if (name === '__proto__') {
        // Assignment would call the Object.prototype.__proto__ setter and replace the
        // prototype; JSON.parse makes an own data property instead, and so do we.
        Object.defineProperty(object, name, { value, writable: true, enumerable: true, configurable: true });
      } else {
        object[name] = value;
      }
      this.skipWhitespace();
      const char = text.charCodeAt(this.pos);
      if (char === CHAR_COMMA) {
        commaAt = this.pos++;
        this.skipWhitespace();
        continue;
      }
      if (char === CHAR_CLOSE_BRACE) {
        this.pos++;
        break;
      }
      throw this.unclosed(openAt, 'object', '}', char === CHAR_QUOTE ? 'member' : '');
    }
    this.depth--;
    return object;
  }

  private readArray(): unknown[] {
    const text = this.text;
    const openAt = this.pos;
    this.enter(openAt);
    this.pos++;
    const array: unknown[] = [];
    this.skipWhitespace();
    if (text.charCodeAt(this.pos) === CHAR_CLOSE_BRACKET) {
      this.pos++;
      this.depth--;
      return array;
    }
    for (let index = 0; ; index++) {
      this.path.push(index);
      array.push(this.readValue());
      this.path.pop();
      this.skipWhitespace();
      const char = text.charCodeAt(this.pos);
      if (char === CHAR_COMMA) {
        const commaAt = this.pos++;
        this.skipWhitespace();
        if (text.charCodeAt(this.pos) === CHAR_CLOSE_BRACKET) {
          throw this.fail(commaAt, "trailing comma before ']'", 'remove the comma after the last element');
        }
        continue;
      }
      if (char === CHAR_CLOSE_BRACKET) {
        this.pos++;
        break;
      }
      throw this.unclosed(openAt, 'array', ']', isValueStart(char) ? 'element' : '');
    }
    this.depth--;
    return array;
  }

  /** Reads the string whose opening quote is at `pos`. */
  private readString(): string {
    const text = this.text;
    const length = text.length;
    const start = this.pos + 1;
    let pos = start;
    // Fast path: most strings have no escapes and are one slice of the text.
    while (pos < length) {
      const char = text.charCodeAt(pos);
      if (char === CHAR_QUOTE) {
        this.pos = pos + 1;
        return text.slice(start, pos);
      }
      if (char === CHAR_BACKSLASH) break;
      if (char < CHAR_SPACE) throw this.controlCharacter(pos, char);
      pos++;
    }
    let value = '';
    let chunkStart = start;
    while (pos < length) {
      const char = text.charCodeAt(pos);
      if (char === CHAR_QUOTE) {
        this.pos = pos + 1;
        return value + text.slice(chunkStart, pos);
      }
      if (char === CHAR_BACKSLASH) {
        value += text.slice(chunkStart, pos);
        const escape = text.charCodeAt(pos + 1);
        if (escape === CHAR_LOWER_U) {
          const unit = readHex4(text, pos + 2);
          if (unit === -1) {
            throw this.fail(
              pos,
              `invalid escape ${quoteForMessage(text.slice(pos, pos + 6))}`,
              'write \\u followed by exactly four hexadecimal digits',
            );
          }
          // Surrogate pairs written as two escapes join by concatenation, as in JSON.parse.
          value += String.fromCharCode(unit);
          pos += 6;
        } else {
          const decoded = SIMPLE_ESCAPES[escape];
          if (decoded === undefined) {
            throw this.fail(
              pos,
              `invalid escape ${describeEscape(text, pos)} in a string`,
              'the valid escapes are \\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX; write a backslash as \\\\',
            );
          }
          value += decoded;
          pos += 2;
        }
        chunkStart = pos;
        continue;
      }
      if (char < CHAR_SPACE) throw this.controlCharacter(pos, char);
      pos++;
    }
    throw this.fail(this.pos, 'a string that is never closed starts', "add the closing '\"' at its end");
  }

  private readNumber(): number {
    const text = this.text;
    const start = this.pos;
    let pos = start;
    if (text.charCodeAt(pos) === CHAR_MINUS) pos++;
    const first = text.charCodeAt(pos);
    if (first === CHAR_0) {
      pos++;
      if (isDigit(text.charCodeAt(pos))) {
        throw this.fail(start, 'a number has a leading zero', 'remove the leading zeros (write 7, not 07)');
      }
    } else if (first >= CHAR_1 && first <= CHAR_9) {
      pos++;
      while (isDigit(text.charCodeAt(pos))) pos++;
    } else if (text.startsWith('Infinity', pos)) {
      throw this.fail(start, '-Infinity is not a JSON number', 'use a finite number or null');
    } else {
      throw this.fail(
        pos,
        `expected a digit after '-', found ${describeCharAt(text, pos)}`,
        'write a number such as -1',
      );
    }
    let fractionAt = -1;
    let exponentAt = -1;
    if (text.charCodeAt(pos) === CHAR_DOT) {
      fractionAt = pos;
      pos++;
      if (!isDigit(text.charCodeAt(pos))) {
        throw this.fail(
          pos,
          `expected a digit after the decimal point, found ${describeCharAt(text, pos)}`,
          'write 1.0 or 1, not 1.',
        );
      }
      while (isDigit(text.charCodeAt(pos))) pos++;
    }
    const exponent = text.charCodeAt(pos);
    if (exponent === CHAR_LOWER_E || exponent === CHAR_E) {
      exponentAt = pos;
      pos++;
      const sign = text.charCodeAt(pos);
      if (sign === CHAR_PLUS || sign === CHAR_MINUS) pos++;
      if (!isDigit(text.charCodeAt(pos))) {
        throw this.fail(
          pos,
          `expected a digit in the exponent, found ${describeCharAt(text, pos)}`,
          'write an exponent such as 1e5 or 1e-5',
        );
      }
      while (isDigit(text.charCodeAt(pos))) pos++;
    }
    // Number() and JSON.parse round the same decimal text to the same double.
    const literal = text.slice(start, pos);
    const value = Number(literal);
    const unsafe = unsafeNumberLiteral(
      literal,
      value,
      fractionAt === -1 && exponentAt === -1,
      exponentAt === -1 ? -1 : exponentAt - start,
    );
    if (unsafe)
      throw new ReadFailure('UAI-JSON-NUMBER-UNSAFE', start, jsonPointer(this.path), unsafe.problem, unsafe.fix);
    this.pos = pos;
    return value;
  }

  private readLiteral<T>(word: string, value: T): T {
    if (this.text.startsWith(word, this.pos)) {
      this.pos += word.length;
      return value;
    }
    throw this.missingValue(this.pos);
  }

  /** The error of a diagnosis, at the value being read. */
  private failWith({ at, problem, fix }: Diagnosis): ReadFailure {
    return this.fail(at, problem, fix);
  }

  private missingValue(at: number): ReadFailure {
    return this.failWith(missingValue(this.text, at));
  }

  private missingName(at: number, commaAt: number, openAt: number): ReadFailure {
    return this.failWith(missingName(this.text, at, commaAt, openAt));
  }

  private unclosed(openAt: number, kind: 'object' | 'array', close: string, followedBy: string): ReadFailure {
    return this.failWith(unclosed(this.text, this.pos, openAt, kind, close, followedBy));
  }

  private controlCharacter(at: number, char: number): ReadFailure {
    return this.failWith(controlCharacter(at, char));
  }
}
