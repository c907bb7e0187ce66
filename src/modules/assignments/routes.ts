/**
 * The assignments API (`/api/v1/assignments/…`). Every route needs a signed-in user or an
 * API token (anonymous callers get 401 before anything else), and JSON bodies keep their
 * text so task `contents` and answers are stored byte for byte.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { keepRawJsonBodies } from '../../core/http/raw-json-body.ts';
import { registerActivityFilesRule } from '../content-files/access-rules.ts';
import { authenticated } from './access.ts';
import { authoringRoutes } from './authoring-routes.ts';
import { assignmentFilesRule } from './file-access.ts';
import { submissionRoutes } from './submission-routes.ts';

export async function assignmentRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  registerActivityFilesRule('assignments', assignmentFilesRule);
  keepRawJsonBodies(app);
  app.addHook('onRequest', async (request) => {
    authenticated(request.principal);
  });
  await app.register(authoringRoutes, { ctx });
  await app.register(submissionRoutes, { ctx });
}
