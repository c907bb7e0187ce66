import { describe, expect, it } from 'vitest';
import {
  type CodeRunInput,
  type CodeRunner,
  type CodeRunResult,
  gradeCode,
  normalizeProgramOutput,
} from './code.ts';

const ACCEPTED = 3;
const WRONG_ANSWER = 4;
const COMPILATION_ERROR = 6;

/** A runner that answers from a table keyed by stdin; an Error in the table is thrown. */
function fakeRunner(answers: Record<string, CodeRunResult | Error>) {
  const calls: CodeRunInput[] = [];
  const runner: CodeRunner = {
    async runTestCase(input) {
      calls.push(input);
      const answer = answers[input.stdin];
      if (answer === undefined) throw new Error(`unexpected stdin ${input.stdin}`);
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
  return { runner, calls };
}

function testCase(stdin: string, expectedStdout: string, extra: Record<string, unknown> = {}) {
  return { id: `tc_${stdin}`, label: stdin, stdin, expectedStdout, hidden: false, weight: 1, ...extra };
}

function codeTask(testCases: unknown[], extra: Record<string, unknown> = {}) {
  return {
    language_id: 71,
    starter_code: '',
    solution_code: 'print(input())',
    test_cases: testCases,
    ...extra,
  };
}

const program = { source_code: 'print(input())', language_id: 71 };
const pass = (stdout: string): CodeRunResult => ({ status_id: ACCEPTED, stdout });

describe('gradeCode before running anything', () => {
  const { runner, calls } = fakeRunner({});

  it.each([
    {
      name: 'empty source code',
      contents: codeTask([testCase('a', 'a')]),
      answer: { source_code: '', language_id: 71 },
      max: 100,
    },
    {
      name: 'whitespace-only source code',
      contents: codeTask([testCase('a', 'a')]),
      answer: { source_code: ' \n\t', language_id: 71 },
      max: 100,
    },
    { name: 'no source code', contents: codeTask([testCase('a', 'a')]), answer: {}, max: 100 },
    { name: 'no answer at all', contents: codeTask([testCase('a', 'a')]), answer: null, max: 100 },
    {
      name: 'no language anywhere',
      contents: codeTask([testCase('a', 'a')], { language_id: null }),
      answer: { source_code: 'x' },
      max: 100,
    },
    { name: 'no test cases', contents: codeTask([]), answer: program, max: 100 },
    { name: 'test cases missing', contents: { language_id: 71 }, answer: program, max: 100 },
    { name: 'task worth 0', contents: codeTask([testCase('a', 'a')]), answer: program, max: 0 },
    { name: 'task worth less than 0', contents: codeTask([testCase('a', 'a')]), answer: program, max: -1 },
  ])('$name gives 0', async ({ contents, answer, max }) => {
    expect(await gradeCode(contents, answer, max, runner)).toBe(0);
    expect(calls).toEqual([]);
  });

  it('gives "unknown" when no runner is configured', async () => {
    expect(await gradeCode(codeTask([testCase('a', 'a')]), program, 100, undefined)).toBe('unknown');
  });

  it('checks for a runner only after the zero cases', async () => {
    expect(await gradeCode(codeTask([]), program, 100, undefined)).toBe(0);
  });
});

describe('gradeCode running test cases', () => {
  const threeCases = [testCase('1', 'one'), testCase('2', 'two'), testCase('3', 'three')];
  const twoOfThree = { '1': pass('one'), '2': pass('two'), '3': pass('wrong') };

  it.each([
    {
      name: 'equal_weight: 2 of 3 × 10 = 6.67 rounds to 7',
      mode: 'equal_weight',
      answers: twoOfThree,
      max: 10,
      grade: 7,
    },
    {
      name: 'equal_weight: 1 of 3 × 10 = 3.33 rounds to 3',
      mode: 'equal_weight',
      answers: { '1': pass('one'), '2': pass('x'), '3': pass('x') },
      max: 10,
      grade: 3,
    },
    { name: 'the default mode is equal_weight', mode: undefined, answers: twoOfThree, max: 10, grade: 7 },
    { name: 'an unknown mode is equal_weight', mode: 'something', answers: twoOfThree, max: 10, grade: 7 },
    {
      name: 'binary: all pass',
      mode: 'binary',
      answers: { '1': pass('one'), '2': pass('two'), '3': pass('three') },
      max: 10,
      grade: 10,
    },
    { name: 'binary: one fails', mode: 'binary', answers: twoOfThree, max: 10, grade: 0 },
    {
      name: 'a run that is not Accepted fails even with the right output',
      mode: 'equal_weight',
      answers: { '1': pass('one'), '2': pass('two'), '3': { status_id: WRONG_ANSWER, stdout: 'three' } },
      max: 30,
      grade: 20,
    },
    {
      name: 'a run without a status fails',
      mode: 'equal_weight',
      answers: { '1': pass('one'), '2': pass('two'), '3': { status_id: null, stdout: 'three' } },
      max: 30,
      grade: 20,
    },
    {
      name: 'a compile error fails',
      mode: 'binary',
      answers: { '1': pass('one'), '2': pass('two'), '3': { status_id: COMPILATION_ERROR, stdout: null } },
      max: 30,
      grade: 0,
    },
    {
      name: 'a run that throws fails that test only',
      mode: 'equal_weight',
      answers: { '1': pass('one'), '2': pass('two'), '3': new Error('boom') },
      max: 30,
      grade: 20,
    },
  ])('$name', async ({ mode, answers, max, grade }) => {
    const { runner } = fakeRunner(answers);
    const contents = codeTask(threeCases, mode === undefined ? {} : { grading_mode: mode });
    expect(await gradeCode(contents, program, max, runner)).toBe(grade);
  });

  it('gives "unknown" when every run throws (runner unreachable)', async () => {
    const { runner } = fakeRunner({ '1': new Error('down'), '2': new Error('down'), '3': new Error('down') });
    expect(await gradeCode(codeTask(threeCases), program, 10, runner)).toBe('unknown');
  });

  it.each([
    { name: 'weights 3 + 1 of 5', weights: [3, 1, 1], grade: 80 },
    { name: 'weight 0 counts as 1', weights: [0, 1, 1], grade: 67 },
    { name: 'missing weight counts as 1', weights: [undefined, 1, 1], grade: 67 },
    { name: 'null weight counts as 1', weights: [null, 1, 1], grade: 67 },
    { name: 'weights are truncated to whole numbers', weights: [2.9, 1, 1], grade: 75 },
    { name: 'numeric text weights are read as numbers', weights: ['3', 1, 1], grade: 80 },
    { name: 'the failed test weight counts in the total', weights: [1, 1, 8], grade: 20 },
  ])('custom_weights: $name', async ({ weights, grade }) => {
    const { runner } = fakeRunner(twoOfThree);
    const cases = threeCases.map((tc, index) =>
      weights[index] === undefined ? { ...tc, weight: undefined } : { ...tc, weight: weights[index] },
    );
    expect(await gradeCode(codeTask(cases, { grading_mode: 'custom_weights' }), program, 100, runner)).toBe(
      grade,
    );
  });

  it('sends the source, the language and each stdin to the runner, all at once', async () => {
    let running = 0;
    let mostAtOnce = 0;
    const seen: CodeRunInput[] = [];
    const runner: CodeRunner = {
      async runTestCase(input) {
        seen.push(input);
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        await new Promise((resolve) => setImmediate(resolve));
        running -= 1;
        return pass(input.stdin === '1' ? 'one' : input.stdin === '2' ? 'two' : 'three');
      },
    };
    expect(await gradeCode(codeTask(threeCases), program, 9, runner)).toBe(9);
    expect(mostAtOnce).toBe(3);
    expect(seen).toEqual([
      { source_code: 'print(input())', language_id: 71, stdin: '1' },
      { source_code: 'print(input())', language_id: 71, stdin: '2' },
      { source_code: 'print(input())', language_id: 71, stdin: '3' },
    ]);
  });

  it("prefers the submission's language and falls back to the task's", async () => {
    const { runner, calls } = fakeRunner({ '1': pass('one') });
    await gradeCode(
      codeTask([testCase('1', 'one')], { language_id: 71 }),
      { source_code: 'x', language_id: 63 },
      1,
      runner,
    );
    await gradeCode(codeTask([testCase('1', 'one')], { language_id: 71 }), { source_code: 'x' }, 1, runner);
    await gradeCode(
      codeTask([testCase('1', 'one')], { language_id: 71 }),
      { source_code: 'x', language_id: 0 },
      1,
      runner,
    );
    await gradeCode(codeTask([testCase('1', 'one')], { language_id: '62' }), { source_code: 'x' }, 1, runner);
    expect(calls.map((call) => call.language_id)).toEqual([63, 71, 71, 62]);
  });

  it('fails every test when the language id is not a number', async () => {
    const { runner, calls } = fakeRunner({ '1': pass('one') });
    expect(
      await gradeCode(
        codeTask([testCase('1', 'one')]),
        { source_code: 'x', language_id: 'python' },
        10,
        runner,
      ),
    ).toBe(0);
    expect(calls).toEqual([]);
  });

  it('falls back to expected_stdout, and sends "" when a test case has no stdin', async () => {
    const { runner, calls } = fakeRunner({ '': pass('hello\n') });
    const cases = [{ id: 'tc_1', expected_stdout: 'hello' }];
    expect(await gradeCode(codeTask(cases), program, 10, runner)).toBe(10);
    expect(calls[0].stdin).toBe('');
  });

  it('counts a test case that is not an object as failed', async () => {
    const { runner } = fakeRunner({ '1': pass('one') });
    expect(await gradeCode(codeTask([testCase('1', 'one'), 'junk']), program, 10, runner)).toBe(5);
  });

  it('compares normalised outputs', async () => {
    const { runner } = fakeRunner({ '1': pass('a  \r\nb\t\r\n\r\n\n'), '2': pass('  indented\n') });
    const cases = [testCase('1', 'a\nb'), testCase('2', 'indented')];
    expect(await gradeCode(codeTask(cases), program, 10, runner)).toBe(5);
  });
});

describe('normalizeProgramOutput', () => {
  it.each([
    ['x', 'x'],
    ['x\n', 'x'],
    ['x\r\n', 'x'],
    ['a\r\nb\rc\nd', 'a\nb\nc\nd'],
    ['a   \nb\t', 'a\nb'],
    ['a\n\n\n', 'a'],
    ['a\n  \n\t\n', 'a'],
    ['\n\na', '\n\na'],
    ['  a', '  a'],
    ['a\n\nb', 'a\n\nb'],
    ['', ''],
    [null, ''],
    [undefined, ''],
    [42, ''],
  ])('%j → %j', (output, expected) => {
    expect(normalizeProgramOutput(output)).toBe(expected);
  });
});
