import { describe, expect, it } from 'vitest';
import {
  buildGradeObject,
  buildTaskBreakdown,
  type GradeTask,
  type GradeTaskSubmission,
  maxGradeOf,
  rawGradeOf,
  summarizeGrade,
  withGradedMessage,
} from './overall-grade.ts';
import type { GradingType } from './types.ts';

describe('summarizeGrade: every scale at boundary percentages', () => {
  it.each([
    // raw, max, percentage, ALPHABET, GPA_SCALE, NUMERIC, PERCENTAGE, PASS_FAIL
    [10, 10, 100, 'A', '4.0', '100/100', '100.00%', 'Pass'],
    [17999, 20000, 90, 'A', '3.7', '90/100', '90.00%', 'Pass'], // 89.995 rounds to 90.00 first
    [9, 10, 90, 'A', '3.7', '90/100', '90.00%', 'Pass'],
    [8999, 10000, 89.99, 'B', '3.3', '90/100', '89.99%', 'Pass'],
    [6, 10, 60, 'D', '0.7', '60/100', '60.00%', 'Pass'],
    [5999, 10000, 59.99, 'F', '0.0', '60/100', '59.99%', 'Pass'],
    [1, 2, 50, 'F', '0.0', '50/100', '50.00%', 'Pass'],
    [4999, 10000, 49.99, 'F', '0.0', '50/100', '49.99%', 'Fail'],
    [7, 40, 17.5, 'F', '0.0', '18/100', '17.50%', 'Fail'], // 17.5 → 18
    [1, 8, 12.5, 'F', '0.0', '12/100', '12.50%', 'Fail'], // 12.5 → 12
    [1, 200, 0.5, 'F', '0.0', '0/100', '0.50%', 'Fail'], // 0.5 → 0
    [1, 32, 3.12, 'F', '0.0', '3/100', '3.12%', 'Fail'], // 3.125 is a true tie: 3.12
    [0, 10, 0, 'F', '0.0', '0/100', '0.00%', 'Fail'],
  ])('%i/%i', (raw, max, percentage, letter, gpa, numeric, percentageText, passFail) => {
    const as = (type: GradingType) => summarizeGrade(raw, max, type, null);
    expect(as('NUMERIC').percentage).toBe(percentage);
    expect(as('NUMERIC').letter_grade).toBe(letter);
    expect(as('NUMERIC').percentage_display).toBe(percentageText);
    expect(as('ALPHABET').display_grade).toBe(letter);
    expect(as('GPA_SCALE').display_grade).toBe(gpa);
    expect(as('NUMERIC').display_grade).toBe(numeric);
    expect(as('PERCENTAGE').display_grade).toBe(percentageText);
    expect(as('PASS_FAIL').display_grade).toBe(passFail);
    expect(as('ALPHABET').passed).toBe(percentage >= 60);
    expect(as('GPA_SCALE').passed).toBe(percentage >= 60);
    expect(as('PASS_FAIL').passed).toBe(percentage >= 50);
    expect(as('NUMERIC').passed).toBe(percentage >= 50);
    expect(as('PERCENTAGE').passed).toBe(percentage >= 50);
  });

  it.each([
    [100, '4.0'],
    [93, '4.0'],
    [92.99, '3.7'],
    [90, '3.7'],
    [89.99, '3.3'],
    [87, '3.3'],
    [86.99, '3.0'],
    [83, '3.0'],
    [82.99, '2.7'],
    [80, '2.7'],
    [79.99, '2.3'],
    [77, '2.3'],
    [76.99, '2.0'],
    [73, '2.0'],
    [72.99, '1.7'],
    [70, '1.7'],
    [69.99, '1.3'],
    [67, '1.3'],
    [66.99, '1.0'],
    [63, '1.0'],
    [62.99, '0.7'],
    [60, '0.7'],
    [59.99, '0.0'],
    [0, '0.0'],
  ])('GPA at %s%% is %s', (percentage, gpa) => {
    const summary = summarizeGrade(Math.round(percentage * 100), 10000, 'GPA_SCALE', null);
    expect(summary.percentage).toBe(percentage);
    expect(summary.display_grade).toBe(gpa);
  });

  it.each([
    [90, 'A'],
    [89.99, 'B'],
    [80, 'B'],
    [79.99, 'C'],
    [70, 'C'],
    [69.99, 'D'],
    [60, 'D'],
    [59.99, 'F'],
  ])('letter at %s%% is %s', (percentage, letter) => {
    expect(summarizeGrade(Math.round(percentage * 100), 10000, 'ALPHABET', null).display_grade).toBe(letter);
  });
});

describe('summarizeGrade: the rest of the object', () => {
  it('builds every field, in the product order', () => {
    expect(Object.entries(summarizeGrade(17, 20, 'ALPHABET', 'Well done'))).toEqual([
      ['grade', 17],
      ['max_grade', 20],
      ['percentage', 85],
      ['display_grade', 'B'],
      ['letter_grade', 'B'],
      ['points_summary', '17/20 pts'],
      ['percentage_display', '85.00%'],
      ['passed', true],
      ['passing_threshold', 60],
      ['grading_type', 'ALPHABET'],
      ['overall_feedback', 'Well done'],
    ]);
  });

  it('clamps points above the maximum', () => {
    const summary = summarizeGrade(150, 100, 'NUMERIC', null);
    expect([summary.grade, summary.percentage, summary.points_summary, summary.display_grade]).toEqual([
      100,
      100,
      '100/100 pts',
      '100/100',
    ]);
  });

  it('clamps points below zero', () => {
    const summary = summarizeGrade(-5, 100, 'NUMERIC', null);
    expect([summary.grade, summary.percentage, summary.points_summary, summary.passed]).toEqual([
      0,
      0,
      '0/100 pts',
      false,
    ]);
  });

  it.each([0, -10])('gives 0 %% when the maximum is %i', (max) => {
    const summary = summarizeGrade(5, max, 'PERCENTAGE', null);
    expect([
      summary.grade,
      summary.max_grade,
      summary.percentage,
      summary.display_grade,
      summary.passed,
    ]).toEqual([0, 0, 0, '0.00%', false]);
  });

  it('treats a missing grading type as NUMERIC', () => {
    const summary = summarizeGrade(3, 4, null, null);
    expect([summary.grading_type, summary.passing_threshold, summary.display_grade]).toEqual([
      'NUMERIC',
      50,
      '75/100',
    ]);
  });

  it('shows an unknown grading type out of 100 with the 50 % pass mark', () => {
    const summary = summarizeGrade(11, 20, 'STARS' as GradingType, null);
    expect([summary.grading_type, summary.passing_threshold, summary.display_grade, summary.passed]).toEqual([
      'STARS',
      50,
      '55/100',
      true,
    ]);
  });

  it.each([
    ['ALPHABET', 60],
    ['GPA_SCALE', 60],
    ['NUMERIC', 50],
    ['PERCENTAGE', 50],
    ['PASS_FAIL', 50],
  ] as const)('%s passes at %i %%', (type, threshold) => {
    expect(summarizeGrade(0, 1, type, null).passing_threshold).toBe(threshold);
  });
});

function task(id: number, max: number | null, type: GradeTask['type'] = 'QUIZ'): GradeTask {
  return {
    id,
    uuid: `assignmenttask_${id}`,
    title: `Task ${id}`,
    description: `About ${id}`,
    type,
    max_grade_value: max,
  };
}

function submission(
  taskId: number,
  grade: number | null,
  extra: Partial<GradeTaskSubmission> = {},
): GradeTaskSubmission {
  return { task_id: taskId, grade, feedback: '', manually_graded: false, ...extra };
}

describe('buildTaskBreakdown', () => {
  it.each([
    // grade, max, percentage, percentage_display
    [5, 10, 50, '50%'],
    [1, 8, 12.5, '12%'],
    [5, 8, 62.5, '62%'],
    [7, 8, 87.5, '88%'],
    [1, 200, 0.5, '0%'],
    [3, 200, 1.5, '2%'],
    [1, 3, 33.33, '33%'],
    [2, 3, 66.67, '67%'],
    [150, 100, 100, '100%'],
    [-5, 100, 0, '0%'],
    [5, 0, 0, '0%'],
  ])('%i/%i → %s (%s)', (grade, max, percentage, display) => {
    const [row] = buildTaskBreakdown([task(1, max)], [submission(1, grade)], 50);
    expect([row.grade, row.max_grade, row.percentage, row.percentage_display, row.points_summary]).toEqual([
      grade,
      max,
      percentage,
      display,
      `${grade}/${max}`,
    ]);
  });

  it('passes each task against the assignment pass mark', () => {
    const rows = buildTaskBreakdown([task(1, 100), task(2, 100)], [submission(1, 59), submission(2, 60)], 60);
    expect(rows.map((row) => row.passed)).toEqual([false, true]);
  });
});

describe('buildGradeObject', () => {
  const tasks = [
    task(3, 100, 'FILE_SUBMISSION'),
    task(1, 10),
    task(2, 20, 'SHORT_ANSWER'),
    task(4, 10, 'FORM'),
  ];
  const submissions = [
    submission(1, 2, { feedback: 'first try' }),
    submission(3, 30, { feedback: 'Graded by teacher : @ada', manually_graded: true }),
    submission(1, 8, { feedback: 'Server-verified: correct' }), // a later row for task 1 wins
    submission(4, 0, { feedback: 'Server-verified: incorrect' }),
    submission(99, 50), // a task that no longer exists
  ];

  it('sums submitted grades over all current task maxima', () => {
    expect(maxGradeOf(tasks)).toBe(140);
    expect(rawGradeOf(tasks, submissions)).toBe(38);
    const grade = buildGradeObject({
      tasks,
      submissions,
      grading_type: 'PERCENTAGE',
      overall_feedback: null,
    });
    expect([grade.grade, grade.max_grade, grade.percentage, grade.display_grade]).toEqual([
      38,
      140,
      27.14,
      '27.14%',
    ]);
  });

  it('lists every task by id, submitted or not', () => {
    const grade = buildGradeObject({
      tasks,
      submissions,
      grading_type: 'ALPHABET',
      overall_feedback: 'Keep going',
    });
    expect(grade.tasks).toEqual([
      {
        index: 1,
        assignment_task_uuid: 'assignmenttask_1',
        title: 'Task 1',
        description: 'About 1',
        assignment_type: 'QUIZ',
        submitted: true,
        grade: 8,
        max_grade: 10,
        percentage: 80,
        percentage_display: '80%',
        points_summary: '8/10',
        passed: true,
        feedback: 'Server-verified: correct',
        manually_graded: false,
      },
      {
        index: 2,
        assignment_task_uuid: 'assignmenttask_2',
        title: 'Task 2',
        description: 'About 2',
        assignment_type: 'SHORT_ANSWER',
        submitted: false,
        grade: 0,
        max_grade: 20,
        percentage: 0,
        percentage_display: '0%',
        points_summary: '0/20',
        passed: false,
        feedback: null,
        manually_graded: false,
      },
      {
        index: 3,
        assignment_task_uuid: 'assignmenttask_3',
        title: 'Task 3',
        description: 'About 3',
        assignment_type: 'FILE_SUBMISSION',
        submitted: true,
        grade: 30,
        max_grade: 100,
        percentage: 30,
        percentage_display: '30%',
        points_summary: '30/100',
        passed: false,
        feedback: 'Graded by teacher : @ada',
        manually_graded: true,
      },
      {
        index: 4,
        assignment_task_uuid: 'assignmenttask_4',
        title: 'Task 4',
        description: 'About 4',
        assignment_type: 'FORM',
        submitted: true,
        grade: 0,
        max_grade: 10,
        percentage: 0,
        percentage_display: '0%',
        points_summary: '0/10',
        passed: false,
        feedback: 'Server-verified: incorrect',
        manually_graded: false,
      },
    ]);
    expect(Object.keys(grade).at(-1)).toBe('tasks');
    expect(grade.overall_feedback).toBe('Keep going');
  });

  it('presents a stored grade instead of the sum when given one', () => {
    const grade = buildGradeObject({
      tasks,
      submissions,
      grading_type: 'NUMERIC',
      overall_feedback: null,
      raw_grade: 0,
    });
    expect([grade.grade, grade.display_grade, grade.passed]).toEqual([0, '0/100', false]);
    expect(grade.tasks[0].grade).toBe(8);
  });

  it('handles an assignment without tasks', () => {
    const grade = buildGradeObject({
      tasks: [],
      submissions: [],
      grading_type: 'PASS_FAIL',
      overall_feedback: null,
    });
    expect([grade.grade, grade.max_grade, grade.percentage, grade.display_grade, grade.tasks]).toEqual([
      0,
      0,
      0,
      'Fail',
      [],
    ]);
  });

  it('adds the confirmation message for POST …/grade', () => {
    const grade = buildGradeObject({ tasks, submissions, grading_type: 'GPA_SCALE', overall_feedback: null });
    const response = withGradedMessage(grade);
    expect(response.message).toBe('Assignment User Submission graded: 0.0');
    expect(Object.keys(response).slice(-2)).toEqual(['tasks', 'message']);
    expect('message' in grade).toBe(false);
  });
});
