/**
 * Files of a task: the teacher's reference file (`…/tasks/<task>/<uuid>_reference.<ext>`,
 * recorded on the task) and learners' submission files (`…/tasks/<task>/subs/<uuid>_submission.<ext>`,
 * recorded with their owner so only that learner and instructors can fetch them). Both
 * take documents, images, videos, office files and zip archives, checked by content.
 */

import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { Principal } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { readMultipartForm } from '../../core/http/multipart-form.ts';
import { childKey } from '../../core/storage/object-keys.ts';
import { formatDateTime } from '../../core/time.ts';
import type { FileKind } from '../../core/uploads/file-kinds.ts';
import { receivePending } from '../../core/uploads/pending-upload.ts';
import { authorizeEdit, requireLearnerOf, requireSession } from './access.ts';
import { visibleJson } from './answer-visibility.ts';
import { loadTask, taskFolder } from './lookups.ts';
import { toTaskRead } from './present.ts';
import * as queries from './queries.ts';
import { saveOwnAnswer } from './task-submissions.ts';

export const TASK_FILE_KINDS: readonly FileKind[] = ['document', 'image', 'video', 'office', 'archive'];
export const SUBMISSIONS_FOLDER = 'subs';

const NoFields = Type.Object({});

/** Reads the one file field of the form straight into `folder`; undefined when no file was sent. */
async function receiveInto(
  ctx: AppContext,
  request: FastifyRequest,
  field: string,
  folder: string,
  suffix: string,
) {
  const form = await readMultipartForm(request, NoFields, {
    [field]: (part) => receivePending(ctx, part, { accept: TASK_FILE_KINDS, suffix }, folder),
  });
  return form.files[field];
}

/** The replaced reference file, if it was an upload (a client may have set a URL instead): best effort. */
async function removePrevious(ctx: AppContext, folder: string, previous: string): Promise<void> {
  try {
    await ctx.storage.delete(childKey(folder, previous));
  } catch {
    // Not a stored file name, or already gone.
  }
}

/** `POST …/tasks/{task}/ref_file`: replaces the task's reference file; without a file only update_date moves. */
export async function uploadReferenceFile(
  ctx: AppContext,
  request: FastifyRequest,
  assignmentUuid: string,
  taskUuid: string,
) {
  const db = ctx.database.db;
  const { assignment, course, task } = await loadTask(db, assignmentUuid, taskUuid);
  await authorizeEdit(db, request.principal, course, 'create');
  const folder = await taskFolder(db, course, assignment, task);
  const pending = await receiveInto(ctx, request, 'reference_file', folder, 'reference');
  let updated: queries.TaskRow;
  try {
    updated = await queries.updateTask(db, task.id, {
      reference_file: pending ? pending.received.storedName : task.reference_file,
      update_date: formatDateTime(),
    });
  } catch (error) {
    await pending?.discard().catch(() => {});
    throw error;
  }
  if (pending && task.reference_file) await removePrevious(ctx, folder, task.reference_file);
  return toTaskRead(updated, visibleJson(updated.assignment_type, updated.contents, true));
}

/** A learner's stored submission file, and how to take it back. */
interface ReceivedSubmissionFile {
  fileUuid: string;
  /** Removes the file and its record (what it was uploaded for was refused). */
  withdraw(): Promise<void>;
}

async function receiveSubmissionFile(
  ctx: AppContext,
  request: FastifyRequest,
  assignmentUuid: string,
  taskUuid: string,
): Promise<ReceivedSubmissionFile | null> {
  const principal: Principal = request.principal;
  requireSession(principal);
  const db = ctx.database.db;
  const { assignment, course, task } = await loadTask(db, assignmentUuid, taskUuid);
  await requireLearnerOf(
    db,
    principal,
    course,
    assignment,
    'You must be enrolled in this course to submit files',
  );
  const folder = childKey(await taskFolder(db, course, assignment, task), SUBMISSIONS_FOLDER);
  const pending = await receiveInto(ctx, request, 'sub_file', folder, 'submission');
  if (!pending) return null;
  const fileName = pending.received.storedName;
  try {
    await queries.insertSubmissionFile(db, {
      assignment_task_id: task.id,
      user_id: principal.id,
      file_name: fileName,
      creation_date: formatDateTime(),
    });
  } catch (error) {
    await pending.discard().catch(() => {});
    throw error;
  }
  return {
    fileUuid: fileName,
    async withdraw() {
      await queries.deleteSubmissionFile(db, task.id, fileName);
      await pending.discard();
    },
  };
}

/**
 * `POST …/tasks/{task}/sub_file`: a learner's own file, referenced afterwards from their
 * answer (`task_submission.fileUUID`). Session only; no deadline check (as in the product).
 */
export async function uploadSubmissionFile(
  ctx: AppContext,
  request: FastifyRequest,
  assignmentUuid: string,
  taskUuid: string,
): Promise<{ file_uuid: string } | null> {
  const received = await receiveSubmissionFile(ctx, request, assignmentUuid, taskUuid);
  return received && { file_uuid: received.fileUuid };
}

/**
 * The page's one-step file answer: the upload and the answer naming it. Unlike the API's two
 * calls, a refused answer (deadline, submitted) leaves no file behind. Null when no file was sent.
 */
export async function answerWithFile(
  ctx: AppContext,
  request: FastifyRequest,
  assignmentUuid: string,
  taskUuid: string,
) {
  const received = await receiveSubmissionFile(ctx, request, assignmentUuid, taskUuid);
  if (!received) return null;
  try {
    return await saveOwnAnswer(ctx, request.principal, assignmentUuid, taskUuid, {
      fileUUID: received.fileUuid,
    });
  } catch (error) {
    await received
      .withdraw()
      .catch((cleanup) => request.log.warn({ err: cleanup }, 'submission file left behind'));
    throw error;
  }
}
