/**
 * Builders for assignment tests: a published private course with one assignment activity,
 * its instructor (an org admin) and a learner (an org member), both signed in, and helpers
 * to call the assignments API. Setup goes through services; behaviour under test through HTTP.
 */
import type { InjectOptions } from 'fastify';
import { createActivity } from '../src/modules/activities/service.ts';
import { createChapter } from '../src/modules/chapters/service.ts';
import { createCourse, updateCourse } from '../src/modules/courses/service.ts';
import type { OrgRow } from '../src/modules/orgs/service.ts';
import { asPrincipal, createOrg, signedInUser } from './factories.ts';
import type { TestApp } from './harness.ts';

export const API = '/api/v1/assignments';

/** Task `contents` and matching answers, one of each auto-gradable kind plus the manual ones. */
export const QUIZ_CONTENTS = {
  questions: [
    {
      questionText: 'Pick the primes',
      questionUUID: 'question_1',
      options: [
        { optionUUID: 'option_a', text: '2', assigned_right_answer: true },
        { optionUUID: 'option_b', text: '4', assigned_right_answer: false },
        { optionUUID: 'option_c', text: '5', assigned_right_answer: true },
        { optionUUID: 'option_d', text: '9', assigned_right_answer: false },
      ],
    },
  ],
};
/** Three of four options right (the 4 is ticked): 75 of 100. */
export const QUIZ_ANSWER_75 = {
  submissions: [
    { questionUUID: 'question_1', optionUUID: 'option_a', answer: true },
    { questionUUID: 'question_1', optionUUID: 'option_b', answer: true },
    { questionUUID: 'question_1', optionUUID: 'option_c', answer: true },
    { questionUUID: 'question_1', optionUUID: 'option_d', answer: false },
  ],
};
export const FORM_CONTENTS = {
  questions: [
    {
      questionText: 'Capitals',
      questionUUID: 'question_f',
      blanks: [
        { blankUUID: 'blank_1', placeholder: 'France', correctAnswer: 'Paris' },
        { blankUUID: 'blank_2', placeholder: 'Italy', correctAnswer: 'Rome' },
      ],
    },
  ],
};
export const SHORT_ANSWER_CONTENTS = {
  prompt: 'Largest planet?',
  correct_answers: ['Jupiter'],
  match_mode: 'case_insensitive',
  explanation: 'Jupiter is the largest.',
};
export const NUMBER_ANSWER_CONTENTS = { prompt: 'Pi to two places', correct_value: 3.14, tolerance: 0.005 };

export interface AssignmentSettings {
  grading_type?: string;
  due_date?: string;
  auto_grading?: boolean;
  show_correct_answers?: boolean;
  allow_retries?: boolean;
  max_retries?: number;
}

/** An org with a published private course holding one published TYPE_ASSIGNMENT activity. */
export async function assignmentActivity(t: TestApp, org?: OrgRow) {
  const theOrg = org ?? (await createOrg(t));
  const instructor = await signedInUser(t, theOrg, 'admin');
  const learner = await signedInUser(t, theOrg, 'user');
  const principal = asPrincipal(instructor);
  const course = await createCourse(t.ctx, principal, theOrg.id, {
    name: 'Course with assignments',
    description: '',
    about: '',
    public: false,
  });
  await updateCourse(t.ctx, principal, course.course_uuid, { published: true });
  const { chapter } = await createChapter(t.ctx, principal, {
    name: 'Week 1',
    course_id: course.id,
    org_id: theOrg.id,
  });
  const { activity } = await createActivity(t.ctx, principal, {
    name: 'Homework',
    chapter_id: chapter.id,
    activity_type: 'TYPE_ASSIGNMENT',
    activity_sub_type: 'SUBTYPE_ASSIGNMENT_ANY',
    published: true,
  });
  return { org: theOrg, instructor, learner, course, chapter, activity };
}

export type Setup = Awaited<ReturnType<typeof assignmentActivity>>;

/** The activity's assignment (created over HTTP by the instructor) and its tasks, in the order given. */
export async function assignmentWithTasks(
  t: TestApp,
  tasks: { type: string; contents?: Record<string, unknown>; max_grade_value?: number }[],
  settings: AssignmentSettings = {},
  org?: OrgRow,
) {
  const setup = await assignmentActivity(t, org);
  const created = await t.inject({
    method: 'POST',
    url: `${API}/`,
    headers: setup.instructor.headers,
    payload: {
      title: 'Homework 1',
      description: 'Do it',
      grading_type: 'PERCENTAGE',
      org_id: setup.org.id,
      course_id: setup.course.id,
      chapter_id: setup.chapter.id,
      activity_id: setup.activity.id,
      ...settings,
    },
  });
  if (created.statusCode !== 200) throw new Error(`assignment: ${created.statusCode} ${created.body}`);
  const assignment = created.json();
  const taskRows = [];
  for (const [index, task] of tasks.entries()) {
    const response = await t.inject({
      method: 'POST',
      url: `${API}/${assignment.assignment_uuid}/tasks`,
      headers: setup.instructor.headers,
      payload: {
        title: `Task ${index + 1}`,
        description: '',
        hint: '',
        assignment_type: task.type,
        contents: task.contents ?? {},
        ...(task.max_grade_value === undefined ? {} : { max_grade_value: task.max_grade_value }),
      },
    });
    if (response.statusCode !== 200) throw new Error(`task: ${response.statusCode} ${response.body}`);
    taskRows.push(response.json());
  }
  return { ...setup, assignment, tasks: taskRows, uuid: assignment.assignment_uuid as string };
}

/** Shorthand for calls under /api/v1/assignments/<uuid>. */
export function caller(t: TestApp, headers: Record<string, string>) {
  return (method: InjectOptions['method'], path: string, payload?: unknown) =>
    t.inject({
      method,
      url: `${API}${path}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as never }),
    });
}
