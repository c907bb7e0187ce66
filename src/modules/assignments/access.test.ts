/**
 * Every refusal of the assignments API, route by route: anonymous callers (401), API tokens
 * on session-only routes, tokens of another organization and tokens missing the route's
 * action (403), unknown assignments and tasks (404), and the on-behalf rules (400/403/404).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, assignmentWithTasks } from '../../../test/assignment-factories.ts';
import { createApiToken, createOrg, createUser, signedInUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let setup: Awaited<ReturnType<typeof assignmentWithTasks>>;
beforeAll(async () => {
  t = await createTestApp();
  setup = await assignmentWithTasks(t, [{ type: 'SHORT_ANSWER', contents: { correct_answers: ['a'] } }]);
  // A submission and an answer for the learner, so reads find rows.
  const learnerHeaders = setup.learner.headers;
  await t.inject({
    method: 'PUT',
    url: `${API}/${setup.uuid}/tasks/${setup.tasks[0].assignment_task_uuid}/submissions`,
    headers: learnerHeaders,
    payload: { task_submission: { answer: 'a' } },
  });
  await t.inject({ method: 'POST', url: `${API}/${setup.uuid}/submissions`, headers: learnerHeaders });
});
afterAll(() => t.close());

type Verb = 'create' | 'read' | 'update' | 'delete' | 'session';

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: (ids: Ids) => string;
  verb: Verb;
  payload?: (ids: Ids) => unknown;
}

interface Ids {
  assignment: string;
  task: string;
  activity: string;
  course: string;
  user: number;
  answer: string;
}

const onBehalf = (ids: Ids) => `?on_behalf_of_user_id=${ids.user}`;

const CREATE_ASSIGNMENT: Route = {
  method: 'POST',
  path: () => '/',
  verb: 'create',
  payload: () => assignmentPayload(),
};

const ROUTES: Route[] = [
  CREATE_ASSIGNMENT,
  { method: 'GET', path: (i) => `/${i.assignment}`, verb: 'read' },
  { method: 'GET', path: (i) => `/activity/${i.activity}`, verb: 'read' },
  { method: 'GET', path: (i) => `/course/${i.course}`, verb: 'read' },
  { method: 'PUT', path: (i) => `/${i.assignment}`, verb: 'update', payload: () => ({ title: 'x' }) },
  { method: 'DELETE', path: (i) => `/${i.assignment}`, verb: 'delete' },
  { method: 'DELETE', path: (i) => `/activity/${i.activity}`, verb: 'delete' },
  {
    method: 'POST',
    path: (i) => `/${i.assignment}/tasks`,
    verb: 'create',
    payload: () => ({ title: 't', description: '', hint: '', assignment_type: 'OTHER' }),
  },
  { method: 'GET', path: (i) => `/${i.assignment}/tasks`, verb: 'read' },
  { method: 'GET', path: (i) => `/task/${i.task}`, verb: 'read' },
  { method: 'PUT', path: (i) => `/${i.assignment}/tasks/${i.task}`, verb: 'update', payload: () => ({}) },
  { method: 'DELETE', path: (i) => `/${i.assignment}/tasks/${i.task}`, verb: 'delete' },
  { method: 'POST', path: (i) => `/${i.assignment}/tasks/${i.task}/ref_file`, verb: 'create' },
  { method: 'POST', path: (i) => `/${i.assignment}/tasks/${i.task}/sub_file`, verb: 'session' },
  {
    method: 'PUT',
    path: (i) => `/${i.assignment}/tasks/${i.task}/submissions${onBehalf(i)}`,
    verb: 'create',
    payload: () => ({ task_submission: {} }),
  },
  { method: 'GET', path: (i) => `/${i.assignment}/tasks/submissions/me`, verb: 'session' },
  { method: 'GET', path: (i) => `/${i.assignment}/tasks/${i.task}/submissions/me`, verb: 'session' },
  { method: 'GET', path: (i) => `/${i.assignment}/tasks/${i.task}/submissions/user/${i.user}`, verb: 'read' },
  { method: 'GET', path: (i) => `/${i.assignment}/tasks/${i.task}/submissions`, verb: 'read' },
  {
    method: 'DELETE',
    path: (i) => `/${i.assignment}/tasks/${i.task}/submissions/${i.answer}`,
    verb: 'session',
  },
  { method: 'POST', path: (i) => `/${i.assignment}/submissions${onBehalf(i)}`, verb: 'create' },
  { method: 'GET', path: (i) => `/${i.assignment}/submissions`, verb: 'read' },
  { method: 'GET', path: (i) => `/${i.assignment}/submissions/me`, verb: 'session' },
  { method: 'GET', path: (i) => `/${i.assignment}/submissions/${i.user}`, verb: 'read' },
  {
    method: 'PUT',
    path: (i) => `/${i.assignment}/submissions/${i.user}`,
    verb: 'update',
    payload: () => ({ assignment_id: setup.assignment.id }),
  },
  { method: 'DELETE', path: (i) => `/${i.assignment}/submissions/${i.user}`, verb: 'session' },
  { method: 'GET', path: (i) => `/${i.assignment}/submissions/${i.user}/grade`, verb: 'read' },
  { method: 'POST', path: (i) => `/${i.assignment}/submissions/${i.user}/grade`, verb: 'update' },
  { method: 'POST', path: (i) => `/${i.assignment}/submissions/me/retry`, verb: 'session' },
  { method: 'POST', path: (i) => `/${i.assignment}/submissions/${i.user}/done`, verb: 'session' },
];

function assignmentPayload() {
  return {
    title: 'x',
    description: 'y',
    grading_type: 'NUMERIC',
    org_id: setup.org.id,
    course_id: setup.course.id,
    chapter_id: setup.chapter.id,
    activity_id: setup.activity.id,
  };
}

async function ids(): Promise<Ids> {
  const answer = await t.inject({
    method: 'GET',
    url: `${API}/${setup.uuid}/tasks/${setup.tasks[0].assignment_task_uuid}/submissions/me`,
    headers: setup.learner.headers,
  });
  return {
    assignment: setup.uuid,
    task: setup.tasks[0].assignment_task_uuid,
    activity: setup.activity.activity_uuid,
    course: setup.course.course_uuid,
    user: setup.learner.user.id,
    answer: answer.json().assignment_task_submission_uuid,
  };
}

function call(route: Route, headers: Record<string, string>, i: Ids) {
  const payload = route.payload?.(i);
  return t.inject({
    method: route.method,
    url: `${API}${route.path(i)}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as never }),
  });
}

const label = (route: Route) =>
  `${route.method} ${route.path({ assignment: '{a}', task: '{t}', activity: '{act}', course: '{c}', user: 0, answer: '{s}' })}`;

describe('anonymous callers', () => {
  it.each(ROUTES.map((route) => [label(route), route] as const))('%s → 401', async (_, route) => {
    const response = await call(route, {}, await ids());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Authentication required' });
  });
});

describe('API tokens', () => {
  const sessionOnly = ROUTES.filter((route) => route.verb === 'session');
  const tokenRoutes = ROUTES.filter((route) => route.verb !== 'session');

  it.each(
    sessionOnly.map((route) => [label(route), route] as const),
  )('%s refuses tokens', async (_, route) => {
    const token = await createApiToken(t, setup.org);
    const response = await call(route, token.headers, await ids());
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe(
      'API tokens cannot access assignments. Only user authentication is allowed.',
    );
  });

  it.each(
    tokenRoutes.map((route) => [label(route), route] as const),
  )('%s: another org → 403; missing action → 403 naming it', async (_, route) => {
    const i = await ids();
    const foreign = await createApiToken(t, await createOrg(t));
    const outside = await call(route, foreign.headers, i);
    expect(outside.statusCode).toBe(403);
    expect(outside.json().detail).toBe('API token cannot access resources outside its organization');

    const allButThis = Object.fromEntries(
      (['create', 'read', 'update', 'delete'] as const)
        .filter((verb) => verb !== route.verb)
        .map((verb) => [`action_${verb}`, true]),
    );
    const lacking = await createApiToken(t, setup.org, {
      assignments: allButThis,
      courses: { action_read: true },
    });
    const refused = await call(route, lacking.headers, i);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(`API token does not have '${route.verb}' permission for assignments`);

    const unconfigured = await createApiToken(t, setup.org, {});
    expect((await call(route, unconfigured.headers, i)).json().detail).toBe(
      'API token has no permissions configured',
    );
  });
});

describe('unknown assignments and tasks', () => {
  it.each(
    ROUTES.filter((route) => route !== CREATE_ASSIGNMENT).map((route) => [label(route), route] as const),
  )('%s → 404', async (_, route) => {
    const i = await ids();
    const response = await call(route, setup.instructor.headers, {
      ...i,
      assignment: 'assignment_missing',
      task: 'assignmenttask_missing',
      activity: 'activity_missing',
      course: 'course_missing',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toMatch(/^(Assignment|Assignment Task|Activity|Course) not found$/);
  });
});

describe('learners', () => {
  it("may not read other learners' work, grade, or use instructor endpoints", async () => {
    const i = await ids();
    const other = await signedInUser(t, setup.org, 'user');
    const get = (path: string) => t.inject({ method: 'GET', url: `${API}${path}`, headers: other.headers });
    const cases: [string, string][] = [
      [`/${i.assignment}/submissions/${i.user}`, 'You can only view your own submissions'],
      [`/${i.assignment}/submissions/${i.user}/grade`, 'You can only view your own grade'],
      [
        `/${i.assignment}/tasks/${i.task}/submissions/user/${i.user}`,
        'You can only view your own submissions',
      ],
    ];
    for (const [path, detail] of cases) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(403);
      expect(response.json().detail).toBe(detail);
    }
    expect((await get(`/${i.assignment}/tasks/${i.task}/submissions`)).statusCode).toBe(403);
    // Their own list holds only themselves.
    expect((await get(`/${i.assignment}/submissions`)).json()).toEqual([]);
    const own = await t.inject({
      method: 'GET',
      url: `${API}/${i.assignment}/submissions`,
      headers: setup.learner.headers,
    });
    expect(own.json().map((row: { user_id: number }) => row.user_id)).toEqual([i.user]);
    const grade = await t.inject({
      method: 'POST',
      url: `${API}/${i.assignment}/submissions/${i.user}/grade`,
      headers: other.headers,
    });
    expect(grade.statusCode).toBe(403);

    // Someone outside the organization cannot even read.
    const stranger = await signedInUser(t, await createOrg(t), 'admin');
    const outside = await t.inject({
      method: 'GET',
      url: `${API}/${i.assignment}`,
      headers: stranger.headers,
    });
    expect(outside.statusCode).toBe(403);
    const submit = await t.inject({
      method: 'POST',
      url: `${API}/${i.assignment}/submissions`,
      headers: stranger.headers,
    });
    expect(submit.statusCode).toBe(403);
  });
});

describe('submitting on behalf of a learner', () => {
  it('needs on_behalf_of_user_id, a known learner of the organization, and assignments.create', async () => {
    const i = await ids();
    const token = await createApiToken(t, setup.org, { assignments: { action_create: true } });
    const put = (query: string, headers = token.headers) =>
      t.inject({
        method: 'PUT',
        url: `${API}/${i.assignment}/tasks/${i.task}/submissions${query}`,
        headers,
        payload: { task_submission: { answer: 'b' } },
      });
    const post = (query: string, headers = token.headers) =>
      t.inject({ method: 'POST', url: `${API}/${i.assignment}/submissions${query}`, headers });
    const outsider = await createUser(t, { org: await createOrg(t) });
    for (const send of [put, post]) {
      expect((await send('')).json()).toEqual({
        detail: 'API tokens must set on_behalf_of_user_id to submit on behalf of a learner',
      });
      expect((await send('')).statusCode).toBe(400);
      const unknown = await send('?on_behalf_of_user_id=987654');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().detail).toBe('Learner not found');
      const foreign = await send(`?on_behalf_of_user_id=${outsider.user.id}`);
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json().detail).toBe('Learner is not a member of this organization');
      const reader = await createApiToken(t, setup.org, { assignments: { action_read: true } });
      expect((await send(`?on_behalf_of_user_id=${i.user}`, reader.headers)).json().detail).toBe(
        "API token does not have 'create' permission for assignments",
      );
    }
    expect((await put(`?on_behalf_of_user_id=${i.user}`)).statusCode).toBe(403); // already submitted
    const fresh = await createUser(t, { org: setup.org });
    expect((await put(`?on_behalf_of_user_id=${fresh.user.id}`)).statusCode).toBe(200);
    expect((await put('?on_behalf_of_user_id=abc')).statusCode).toBe(422);
  });
});
