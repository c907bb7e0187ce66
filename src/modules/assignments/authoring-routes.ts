/** Assignments and tasks over HTTP: CRUD, the reference file, learners' submission files. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { sendWithRawJson } from '../../core/http/raw-json.ts';
import { rawJsonMember } from '../../core/http/raw-json-body.ts';
import { Nullable } from '../../core/http/schemas.ts';
import * as authoring from './authoring.ts';
import {
  AssignmentCreate,
  AssignmentRead,
  AssignmentUpdate,
  Message,
  TaskCreate,
  TaskRead,
  TaskUpdate,
} from './schemas.ts';
import { TASK_FILE_KINDS, uploadReferenceFile, uploadSubmissionFile } from './task-files.ts';

const AssignmentParams = Type.Object({ assignment_uuid: Type.String() });
const TaskParams = Type.Object({ assignment_uuid: Type.String(), assignment_task_uuid: Type.String() });
const ActivityParams = Type.Object({ activity_uuid: Type.String() });
const FILE_KINDS = TASK_FILE_KINDS.join(', ');
const tags = ['assignments'];

export async function authoringRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const base = '/api/v1/assignments';

  app.post(
    `${base}/`,
    {
      schema: {
        tags,
        summary: 'Create the assignment of an assignment activity',
        description:
          'All four ids are required and must agree: the activity must be a TYPE_ASSIGNMENT activity linked into that chapter of that course of that organization (422 otherwise). One assignment per activity (409). Tokens: `assignments.create`.',
        body: AssignmentCreate,
        response: { 200: AssignmentRead },
      },
    },
    async (request) => authoring.createAssignment(ctx, request.principal, request.body),
  );

  app.get(
    `${base}/:assignment_uuid`,
    {
      schema: {
        tags,
        summary: 'One assignment',
        params: AssignmentParams,
        response: { 200: AssignmentRead },
      },
    },
    async (request) => authoring.readAssignment(ctx, request.principal, request.params.assignment_uuid),
  );

  app.get(
    `${base}/activity/:activity_uuid`,
    {
      schema: {
        tags,
        summary: 'The assignment of an activity',
        params: ActivityParams,
        response: { 200: AssignmentRead },
      },
    },
    async (request) =>
      authoring.readAssignmentOfActivity(ctx, request.principal, request.params.activity_uuid),
  );

  app.get(
    `${base}/course/:course_uuid`,
    {
      schema: {
        tags,
        summary: 'Every assignment of a course',
        params: Type.Object({ course_uuid: Type.String() }),
        response: { 200: Type.Array(AssignmentRead) },
      },
    },
    async (request) => authoring.listCourseAssignments(ctx, request.principal, request.params.course_uuid),
  );

  app.put(
    `${base}/:assignment_uuid`,
    {
      schema: {
        tags,
        summary: 'Update an assignment (absent or null fields keep their value)',
        params: AssignmentParams,
        body: AssignmentUpdate,
        response: { 200: AssignmentRead },
      },
    },
    async (request) =>
      authoring.updateAssignment(ctx, request.principal, request.params.assignment_uuid, request.body),
  );

  app.delete(
    `${base}/:assignment_uuid`,
    {
      schema: {
        tags,
        summary: 'Delete an assignment with its tasks, submissions and files',
        params: AssignmentParams,
        response: { 200: Message },
      },
    },
    async (request) => {
      await authoring.deleteAssignment(ctx, request.principal, request.params.assignment_uuid);
      return { message: 'Assignment deleted' };
    },
  );

  app.delete(
    `${base}/activity/:activity_uuid`,
    {
      schema: {
        tags,
        summary: 'Delete the assignment of an activity (the activity stays)',
        params: ActivityParams,
        response: { 200: Message },
      },
    },
    async (request) => {
      await authoring.deleteAssignmentOfActivity(ctx, request.principal, request.params.activity_uuid);
      return { message: 'Assignment deleted' };
    },
  );

  app.post(
    `${base}/:assignment_uuid/tasks`,
    {
      schema: {
        tags,
        summary: 'Add a task',
        description: '`contents` is stored and returned byte for byte as sent. Tokens: `assignments.create`.',
        params: AssignmentParams,
        body: TaskCreate,
        response: { 200: TaskRead },
      },
    },
    async (request, reply) => {
      const { contents } = request.body;
      const task = await authoring.createTask(ctx, request.principal, request.params.assignment_uuid, {
        fields: request.body,
        contentsText: contents === undefined ? undefined : rawJsonMember(request, 'contents', contents),
      });
      return sendWithRawJson(reply, task);
    },
  );

  app.get(
    `${base}/:assignment_uuid/tasks`,
    {
      schema: {
        tags,
        summary: 'The tasks of an assignment, newest first',
        description:
          'Learners get `contents` without answer keys unless the assignment shows correct answers and they have submitted.',
        params: AssignmentParams,
        response: { 200: Type.Array(TaskRead) },
      },
    },
    async (request, reply) =>
      sendWithRawJson(
        reply,
        await authoring.listTasks(ctx, request.principal, request.params.assignment_uuid),
      ),
  );

  app.get(
    `${base}/task/:assignment_task_uuid`,
    {
      schema: {
        tags,
        summary: 'One task (`contents` exactly as stored; without answer keys for learners)',
        params: Type.Object({ assignment_task_uuid: Type.String() }),
        response: { 200: TaskRead },
      },
    },
    async (request, reply) =>
      sendWithRawJson(
        reply,
        await authoring.readTask(ctx, request.principal, request.params.assignment_task_uuid),
      ),
  );

  app.put(
    `${base}/:assignment_uuid/tasks/:assignment_task_uuid`,
    {
      schema: {
        tags,
        summary: 'Update a task (a new `contents` replaces the old one whole)',
        params: TaskParams,
        body: TaskUpdate,
        response: { 200: TaskRead },
      },
    },
    async (request, reply) => {
      const { contents } = request.body;
      const task = await authoring.updateTask(
        ctx,
        request.principal,
        request.params.assignment_uuid,
        request.params.assignment_task_uuid,
        {
          fields: request.body,
          contentsText: contents == null ? undefined : rawJsonMember(request, 'contents', contents),
        },
      );
      return sendWithRawJson(reply, task);
    },
  );

  app.delete(
    `${base}/:assignment_uuid/tasks/:assignment_task_uuid`,
    {
      schema: {
        tags,
        summary: 'Delete a task with its answers and files',
        params: TaskParams,
        response: { 200: Message },
      },
    },
    async (request) => {
      await authoring.deleteTask(
        ctx,
        request.principal,
        request.params.assignment_uuid,
        request.params.assignment_task_uuid,
      );
      return { message: 'Assignment Task deleted' };
    },
  );

  app.post(
    `${base}/:assignment_uuid/tasks/:assignment_task_uuid/ref_file`,
    {
      schema: {
        tags,
        summary: 'Upload the reference file of a task',
        description: `Multipart field \`reference_file\` (${FILE_KINDS}; checked by content). Without a file only update_date changes. Tokens: \`assignments.create\`.`,
        consumes: ['multipart/form-data'],
        params: TaskParams,
        response: { 200: TaskRead },
      },
    },
    async (request, reply) =>
      sendWithRawJson(
        reply,
        await uploadReferenceFile(
          ctx,
          request,
          request.params.assignment_uuid,
          request.params.assignment_task_uuid,
        ),
      ),
  );

  app.post(
    `${base}/:assignment_uuid/tasks/:assignment_task_uuid/sub_file`,
    {
      schema: {
        tags,
        summary: "Upload a file for the caller's own answer (session users only)",
        description: `Multipart field \`sub_file\` (${FILE_KINDS}). Returns the stored name to put in \`task_submission.fileUUID\`; \`null\` without a file. Only the learner and instructors can fetch it.`,
        consumes: ['multipart/form-data'],
        params: TaskParams,
        response: { 200: Nullable(Type.Object({ file_uuid: Type.String() })) },
      },
    },
    async (request) =>
      uploadSubmissionFile(ctx, request, request.params.assignment_uuid, request.params.assignment_task_uuid),
  );
}
