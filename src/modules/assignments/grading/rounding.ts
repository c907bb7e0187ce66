/**
 * Rounding that matches Python's `round(x)`, `round(x, n)` and `format(x, '.nf')`, which the existing
 * product uses for every grade and percentage. Two properties matter:
 *
 * - Ties go to the even neighbour: 12.5 → 12, 17.5 → 18, 0.5 → 0, round(0.125, 2) → 0.12.
 * - A tie is judged on the exact binary value of the double, not on its shortest decimal spelling:
 *   2.675 is stored as 2.67499999999999982236431605997495353221893310546875, so it rounds to 2.67.
 *
 * `Math.round` rounds ties up and `toFixed` rounds true ties away from zero, so neither will do.
 * Here the double is taken apart into its exact rational value and rounded with BigInt arithmetic;
 * the result is read back through a decimal string, which JavaScript (like Python) converts to the
 * nearest double. Results therefore equal Python's for every finite input.
 */

const float64 = new DataView(new ArrayBuffer(8));

/** The exact value of a finite double as ±mantissa × 2^exponent. */
function exactParts(value: number): { negative: boolean; mantissa: bigint; exponent: number } {
  float64.setFloat64(0, value);
  const bits = float64.getBigUint64(0);
  const negative = bits >> 63n === 1n;
  const biasedExponent = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & 0xfffffffffffffn;
  if (biasedExponent === 0) return { negative, mantissa: fraction, exponent: -1074 };
  return { negative, mantissa: fraction | (1n << 52n), exponent: biasedExponent - 1075 };
}

/** |value| × 10^digits, rounded half-to-even to a whole number, computed without any rounding error. */
function roundedUnits(value: number, digits: number): { negative: boolean; units: bigint } {
  if (!Number.isFinite(value)) throw new RangeError(`cannot round ${value}`);
  if (!Number.isInteger(digits) || digits < 0) throw new RangeError(`digits must be a whole number ≥ 0`);
  const { negative, mantissa, exponent } = exactParts(value);
  const scaled = mantissa * 10n ** BigInt(digits);
  if (exponent >= 0) return { negative, units: scaled << BigInt(exponent) };
  const denominator = 1n << BigInt(-exponent);
  const quotient = scaled / denominator;
  const twiceRemainder = (scaled % denominator) * 2n;
  const roundsUp = twiceRemainder > denominator || (twiceRemainder === denominator && quotient % 2n === 1n);
  return { negative, units: roundsUp ? quotient + 1n : quotient };
}

/**
 * Python's `round(value, digits)`; with digits 0 this is `round(value)`, an integer.
 * A result of zero is always +0 (Python's integer round has no negative zero).
 */
export function roundHalfEven(value: number, digits = 0): number {
  const { negative, units } = roundedUnits(value, digits);
  if (units === 0n) return 0;
  return Number(`${negative ? '-' : ''}${units}e-${digits}`);
}

/** Python's `f"{value:.{digits}f}"`, e.g. formatFixed(12.5, 0) === "12", formatFixed(85, 2) === "85.00". */
export function formatFixed(value: number, digits: number): string {
  const { negative, units } = roundedUnits(value, digits);
  const text = units.toString().padStart(digits + 1, '0');
  const number = digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
  return negative ? `-${number}` : number;
}
