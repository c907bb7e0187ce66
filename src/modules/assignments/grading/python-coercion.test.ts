import { describe, expect, it } from 'vitest';
import { isTruthy, parsePythonFloat, toPythonFloat, toPythonInt, toPythonStr } from './python-coercion.ts';

// Expected values were checked against CPython 3's float() and int().
describe('parsePythonFloat', () => {
  it.each([
    ['1e3', 1000],
    ['1_000', 1000],
    ['1_000.000_1', 1000.0001],
    ['1e1_0', 1e10],
    ['1.', 1],
    ['.5', 0.5],
    [' 2 ', 2],
    ['+1.5E-3', 0.0015],
    ['  -0.0 ', -0],
    ['inf', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
    ['1e400', Number.POSITIVE_INFINITY],
  ])('%j → %s', (text, expected) => {
    expect(parsePythonFloat(text)).toBe(expected);
  });

  it.each(['nan', 'NaN', '-nan'])('%j → NaN', (text) => {
    expect(parsePythonFloat(text)).toBeNaN();
  });

  it.each([
    '',
    '.',
    '1__0',
    '_1',
    '1_',
    '1._5',
    '1_.5',
    '0x10',
    '1,5',
    '--1',
    '1e',
    'e3',
    '∞',
    'abc',
    '1 2',
  ])('%j is not a float', (text) => {
    expect(parsePythonFloat(text)).toBeNull();
  });
});

describe('toPythonFloat', () => {
  it.each([
    [2.5, 2.5],
    ['42', 42],
    [true, 1],
    [false, 0],
    ['abc', null],
    [[1], null],
    [{}, null],
  ])('%j → %s', (value, expected) => {
    expect(toPythonFloat(value)).toBe(expected);
  });
});

describe('toPythonInt', () => {
  it.each([
    [3, 3],
    [2.7, 2],
    [-2.7, -2],
    [' 3 ', 3],
    ['+7', 7],
    ['0012', 12],
    ['1_000', 1000],
    [true, 1],
    ['3.5', null],
    ['abc', null],
    ['', null],
    [null, null],
    [[3], null],
  ])('%j → %s', (value, expected) => {
    expect(toPythonInt(value)).toBe(expected);
  });
});

describe('isTruthy', () => {
  it.each([
    [null, false],
    [undefined, false],
    [false, false],
    [0, false],
    ['', false],
    [[], false],
    [{}, false],
    [true, true],
    [1, true],
    ['false', true],
    ['0', true],
    [[0], true],
    [{ a: 0 }, true],
  ])('%j → %s', (value, expected) => {
    expect(isTruthy(value)).toBe(expected);
  });
});

describe('toPythonStr', () => {
  it.each([
    ['text', 'text'],
    [42, '42'],
    [true, 'True'],
    [false, 'False'],
    [null, 'None'],
  ])('%j → %j', (value, expected) => {
    expect(toPythonStr(value)).toBe(expected);
  });
});
