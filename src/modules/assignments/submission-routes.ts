/**
 * Answers, submissions and grades over HTTP. Endpoints about "me", the retry, mark done and
 * the deletions are for signed-in users only (API tokens get 403); tokens act on an
 * explicit learner (`on_behalf_of_user_id`, `user_id`).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { sendWithRawJson } from '../../core/http/raw-json.ts';
import { rawJsonMember } from '../../core/http/raw-json-body.ts';
import { Nullable } from '../../core/http/schemas.ts';
import { gradeSubmission, readGrade } from './grading-flow.ts';
import { retrySubmission } from './retries.ts';
import {
  GradedResponse,
  GradeObject,
  GradeRequest,
  Message,
  OnBehalf,
  Pagination,
  RetryResponse,
  TaskSubmissionRead,
  TaskSubmissionUpdate,
  UserSubmissionListItem,
  UserSubmissionRead,
  UserSubmissionSet,
} from './schemas.ts';
import * as submissions from './submissions.ts';
import * as answers from './task-submissions.ts';

const tags = ['assignment submissions'];
const base = '/api/v1/assignments/:assignment_uuid';
const AssignmentParams = Type.Object({ assignment_uuid: Type.String() });
const TaskParams = Type.Object({ assignment_uuid: Type.String(), assignment_task_uuid: Type.String() });
const LearnerParams = Type.Object({ assignment_uuid: Type.String(), user_id: Type.Integer() });
const SESSION_ONLY = 'Session users only: API tokens get 403.';

export async function submissionRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.put(
    `${base}/tasks/:assignment_task_uuid/submissions`,
    {
      schema: {
        tags,
        summary: 'Save an answer to a task',
        description:
          'Learners save their own answer (before the due date, until they submit). API tokens must set `on_behalf_of_user_id` (a member of their organization) and hold `assignments.create`; grades and feedback also need `assignments.update`. Course editors may also grade (`grade`, `task_submission_grade_feedback`, `manually_graded`). `task_submission` is stored byte for byte.',
        params: TaskParams,
        querystring: OnBehalf,
        body: TaskSubmissionUpdate,
        response: { 200: TaskSubmissionRead },
      },
    },
    async (request, reply) => {
      const answer = request.body.task_submission;
      const saved = await answers.saveAnswer(
        ctx,
        request.principal,
        request.params.assignment_uuid,
        request.params.assignment_task_uuid,
        {
          fields: request.body,
          answerText: answer == null ? undefined : rawJsonMember(request, 'task_submission', answer),
        },
        request.query.on_behalf_of_user_id,
      );
      return sendWithRawJson(reply, saved);
    },
  );

  app.get(
    `${base}/tasks/submissions/me`,
    {
      schema: {
        tags,
        summary: "The caller's answers: every task uuid → its answer or null",
        description: SESSION_ONLY,
        params: AssignmentParams,
        response: { 200: Type.Record(Type.String(), Nullable(TaskSubmissionRead)) },
      },
    },
    async (request, reply) =>
      sendWithRawJson(reply, await answers.myAnswers(ctx, request.principal, request.params.assignment_uuid)),
  );

  app.get(
    `${base}/tasks/:assignment_task_uuid/submissions/me`,
    {
      schema: {
        tags,
        summary: "The caller's answer to one task",
        description: SESSION_ONLY,
        params: TaskParams,
        response: { 200: TaskSubmissionRead },
      },
    },
    async (request, reply) =>
      sendWithRawJson(
        reply,
        await answers.myAnswer(
          ctx,
          request.principal,
          request.params.assignment_uuid,
          request.params.assignment_task_uuid,
        ),
      ),
  );

  app.get(
    `${base}/tasks/:assignment_task_uuid/submissions/user/:user_id`,
    {
      schema: {
        tags,
        summary: "A learner's answer to one task (learners: only their own)",
        params: Type.Object({ ...TaskParams.properties, user_id: Type.Integer() }),
        response: { 200: TaskSubmissionRead },
      },
    },
    async (request, reply) =>
      sendWithRawJson(
        reply,
        await answers.learnerAnswer(
          ctx,
          request.principal,
          request.params.assignment_uuid,
          request.params.assignment_task_uuid,
          request.params.user_id,
        ),
      ),
  );

  app.get(
    `${base}/tasks/:assignment_task_uuid/submissions`,
    {
      schema: {
        tags,
        summary: "Every learner's answer to a task (instructors; tokens: `assignments.read`)",
        params: TaskParams,
        querystring: Pagination,
        response: { 200: Type.Array(TaskSubmissionRead) },
      },
    },
    async (request, reply) =>
      sendWithRawJson(
        reply,
        await answers.taskAnswers(
          ctx,
          request.principal,
          request.params.assignment_uuid,
          request.params.assignment_task_uuid,
          request.query,
        ),
      ),
  );

  app.delete(
    `${base}/tasks/:assignment_task_uuid/submissions/:assignment_task_submission_uuid`,
    {
      schema: {
        tags,
        summary: 'Delete an answer (users who may delete from the course)',
        description: SESSION_ONLY,
        params: Type.Object({ ...TaskParams.properties, assignment_task_submission_uuid: Type.String() }),
        response: { 200: Message },
      },
    },
    async (request) => {
      const { assignment_uuid, assignment_task_uuid, assignment_task_submission_uuid } = request.params;
      await answers.deleteAnswer(
        ctx,
        request.principal,
        assignment_uuid,
        assignment_task_uuid,
        assignment_task_submission_uuid,
      );
      return { message: 'Assignment Task Submission deleted' };
    },
  );

  app.post(
    `${base}/submissions`,
    {
      schema: {
        tags,
        summary: 'Submit the assignment (no body)',
        description:
          'Marks the activity done for the learner and fires `assignment_submitted`; auto-grades when the assignment asks for it and every task can be graded by the server. Learners: before the due date. API tokens: `on_behalf_of_user_id` and `assignments.create`; after the due date the submission is marked late (status LATE, `late: true`).',
        params: AssignmentParams,
        querystring: OnBehalf,
        response: { 200: UserSubmissionRead },
      },
    },
    async (request) =>
      submissions.submitAssignment(
        ctx,
        request.principal,
        request.params.assignment_uuid,
        request.query.on_behalf_of_user_id,
      ),
  );

  app.get(
    `${base}/submissions`,
    {
      schema: {
        tags,
        summary: "Submissions: every learner's for instructors, the caller's own for learners",
        params: AssignmentParams,
        querystring: Pagination,
        response: { 200: Type.Array(UserSubmissionListItem) },
      },
    },
    async (request) =>
      submissions.listSubmissions(ctx, request.principal, request.params.assignment_uuid, request.query),
  );

  app.get(
    `${base}/submissions/me`,
    {
      schema: {
        tags,
        summary: "The caller's submission, as a list of zero or one",
        description: SESSION_ONLY,
        params: AssignmentParams,
        response: { 200: Type.Array(UserSubmissionRead) },
      },
    },
    async (request) => submissions.mySubmissions(ctx, request.principal, request.params.assignment_uuid),
  );

  app.get(
    `${base}/submissions/:user_id`,
    {
      schema: {
        tags,
        summary: "A learner's submission, as a list of zero or one (learners: only their own)",
        params: LearnerParams,
        response: { 200: Type.Array(UserSubmissionRead) },
      },
    },
    async (request) =>
      submissions.learnerSubmissions(
        ctx,
        request.principal,
        request.params.assignment_uuid,
        request.params.user_id,
      ),
  );

  app.put(
    `${base}/submissions/:user_id`,
    {
      schema: {
        tags,
        summary: 'Set status, grade and feedback directly (instructors; tokens: `assignments.update`)',
        description:
          'Nothing is recomputed. `assignment_id` must be this assignment and `user_id`, if given, the user in the path. A resulting GRADED status fires `assignment_graded`.',
        params: LearnerParams,
        body: UserSubmissionSet,
        response: { 200: UserSubmissionRead },
      },
    },
    async (request) =>
      submissions.setSubmission(
        ctx,
        request.principal,
        request.params.assignment_uuid,
        request.params.user_id,
        request.body,
      ),
  );

  app.delete(
    `${base}/submissions/:user_id`,
    {
      schema: {
        tags,
        summary: 'Reject a submission: the activity reopens, the certificate goes back, answers stay',
        description: SESSION_ONLY,
        params: LearnerParams,
        response: { 200: Message },
      },
    },
    async (request) => {
      await submissions.rejectSubmission(
        ctx,
        request.principal,
        request.params.assignment_uuid,
        request.params.user_id,
      );
      return { message: 'Assignment User Submission deleted' };
    },
  );

  app.get(
    `${base}/submissions/:user_id/grade`,
    {
      schema: {
        tags,
        summary: 'The stored grade in every display format, per task too (learners: only their own)',
        params: LearnerParams,
        response: { 200: GradeObject },
      },
    },
    async (request) =>
      readGrade(ctx, request.principal, request.params.assignment_uuid, request.params.user_id),
  );

  app.post(
    `${base}/submissions/:user_id/grade`,
    {
      schema: {
        tags,
        summary: 'Grade a submission: auto-gradable answers re-verified, task grades summed (instructors)',
        description:
          'Optional body `{overall_feedback}`: absent or null keeps it, "" clears it. Teachers\u2019 manual task grades are kept. Fires `assignment_graded`.',
        params: LearnerParams,
        body: Nullable(GradeRequest),
        response: { 200: GradedResponse },
      },
    },
    async (request) =>
      gradeSubmission(
        ctx,
        request.principal,
        request.params.assignment_uuid,
        request.params.user_id,
        request.body?.overall_feedback,
      ),
  );

  app.post(
    `${base}/submissions/me/retry`,
    {
      schema: {
        tags,
        summary: 'Retry a graded assignment: answers wiped, activity reopened, next attempt',
        description: SESSION_ONLY,
        params: AssignmentParams,
        response: { 200: RetryResponse },
      },
    },
    async (request) => retrySubmission(ctx, request.principal, request.params.assignment_uuid),
  );

  app.post(
    `${base}/submissions/:user_id/done`,
    {
      schema: {
        tags,
        summary: "Mark the assignment's activity done for a learner (instructors)",
        description: SESSION_ONLY,
        params: LearnerParams,
        response: { 200: Message },
      },
    },
    async (request) => {
      await submissions.markDone(
        ctx,
        request.principal,
        request.params.assignment_uuid,
        request.params.user_id,
      );
      return { message: 'Activity marked as done for user' };
    },
  );
}
