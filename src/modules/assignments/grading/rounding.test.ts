import { describe, expect, it } from 'vitest';
import { formatFixed, roundHalfEven } from './rounding.ts';

// Expected values were produced by CPython 3: round(x), round(x, 2), f"{x:.0f}", f"{x:.2f}".
describe('roundHalfEven / formatFixed match Python', () => {
  it.each([
    // value, round(x), round(x, 2), f"{x:.0f}", f"{x:.2f}"
    [12.5, 12, 12.5, '12', '12.50'],
    [17.5, 18, 17.5, '18', '17.50'],
    [0.5, 0, 0.5, '0', '0.50'],
    [1.5, 2, 1.5, '2', '1.50'],
    [2.5, 2, 2.5, '2', '2.50'],
    [-2.5, -2, -2.5, '-2', '-2.50'],
    [2.675, 3, 2.67, '3', '2.67'], // stored as 2.67499999…: not a tie
    [0.125, 0, 0.12, '0', '0.12'], // exactly representable: a true tie, to even
    [0.375, 0, 0.38, '0', '0.38'],
    [0.015, 0, 0.01, '0', '0.01'],
    [0.025, 0, 0.03, '0', '0.03'],
    [1.005, 1, 1, '1', '1.00'],
    [89.995, 90, 90, '90', '90.00'],
    [59.995, 60, 59.99, '60', '59.99'],
    [99.999, 100, 100, '100', '100.00'],
    [33.333333333333336, 33, 33.33, '33', '33.33'],
    [66.66666666666667, 67, 66.67, '67', '66.67'],
    [123456789.125, 123456789, 123456789.12, '123456789', '123456789.12'],
    [1e-7, 0, 0, '0', '0.00'],
    [5e-324, 0, 0, '0', '0.00'],
    [0, 0, 0, '0', '0.00'],
    [85, 85, 85, '85', '85.00'],
  ])('%s', (value, toInteger, toHundredths, fixed0, fixed2) => {
    expect(roundHalfEven(value)).toBe(toInteger);
    expect(roundHalfEven(value, 2)).toBe(toHundredths);
    expect(formatFixed(value, 0)).toBe(fixed0);
    expect(formatFixed(value, 2)).toBe(fixed2);
  });

  it('differs from toFixed on true ties, where toFixed rounds away from zero', () => {
    expect((3.125).toFixed(2)).toBe('3.13');
    expect(formatFixed(3.125, 2)).toBe('3.12');
    expect(roundHalfEven(3.125, 2)).toBe(3.12);
  });

  it('never returns negative zero', () => {
    expect(Object.is(roundHalfEven(-0.4), 0)).toBe(true);
    expect(Object.is(roundHalfEven(-0.001, 2), 0)).toBe(true);
  });

  it('keeps large whole numbers exact', () => {
    expect(roundHalfEven(1e300)).toBe(1e300);
    expect(roundHalfEven(2 ** 53 + 2, 2)).toBe(2 ** 53 + 2);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])('refuses %s', (value) => {
    expect(() => roundHalfEven(value)).toThrow(RangeError);
    expect(() => formatFixed(value, 2)).toThrow(RangeError);
  });

  it.each([-1, 1.5])('refuses %s digits', (digits) => {
    expect(() => roundHalfEven(1, digits)).toThrow(RangeError);
  });
});
