/**
 * The existing product grades with Python's built-ins (`bool()`, `str()`, `float()`, `int()`) applied to
 * JSON values. These helpers reproduce those conversions so a stored answer earns the same grade here.
 * Deliberate approximations: digits are ASCII only (Python also accepts other Unicode decimal digits),
 * and a JSON number is printed the way JavaScript prints it (Python would print a float such as `5.0`
 * as "5.0", but JSON parsing here has already turned it into 5).
 */
import { isJsonObject } from './json-value.ts';

/** Python truthiness: null, false, 0, NaN, "", [] and {} are false; everything else is true. */
export function isTruthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (isJsonObject(value)) return Object.keys(value).length > 0;
  return Boolean(value);
}

/** Python's `str()` of a JSON value. */
export function toPythonStr(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

// Python float syntax: digits may be grouped by single underscores *between* digits ("1_000"),
// the integer or the fraction part may be empty but not both ("1.", ".5"), optional exponent.
const DIGITS = String.raw`\d(?:_?\d)*`;
const FLOAT_TEXT = new RegExp(
  String.raw`^[+-]?(?:${DIGITS}(?:\.(?:${DIGITS})?)?|\.${DIGITS})(?:[eE][+-]?${DIGITS})?$`,
);
const SPECIAL_FLOAT_TEXT = /^([+-]?)(inf|infinity|nan)$/i;
const INT_TEXT = new RegExp(`^[+-]?${DIGITS}$`);

/**
 * Python's `float(text)`: surrounding whitespace allowed, "inf"/"nan" spellings accepted (callers that
 * need a finite number must check). Returns null where Python raises ValueError.
 */
export function parsePythonFloat(text: string): number | null {
  const trimmed = text.trim();
  const special = SPECIAL_FLOAT_TEXT.exec(trimmed);
  if (special) {
    if (special[2].toLowerCase() === 'nan') return Number.NaN;
    return special[1] === '-' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  }
  if (!FLOAT_TEXT.test(trimmed)) return null;
  return Number(trimmed.replaceAll('_', ''));
}

/** Python's `float(value)` of a JSON value; null where Python raises. */
export function toPythonFloat(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') return parsePythonFloat(value);
  return null;
}

/** Python's `int(value)` of a JSON value (floats truncate toward zero); null where Python raises. */
export function toPythonInt(value: unknown): number | null {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : null;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return INT_TEXT.test(trimmed) ? Number(trimmed.replaceAll('_', '')) : null;
  }
  return null;
}
