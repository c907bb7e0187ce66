/**
 * Registers every module's routes. Modules are Fastify plugins that receive the shared
 * context; adding a module is one line here.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/context.ts';
import { activityRoutes } from './activities/routes.ts';
import { apiTokenRoutes } from './api-tokens/routes.ts';
import { assignmentRoutes } from './assignments/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { blockRoutes } from './blocks/routes.ts';
import { boardRoutes } from './boards/routes.ts';
import { certificationRoutes } from './certifications/routes.ts';
import { chapterRoutes } from './chapters/routes.ts';
import { collectionRoutes } from './collections/routes.ts';
import { communityRoutes } from './communities/routes.ts';
import { contentFileRoutes } from './content-files/routes.ts';
import { courseRoutes } from './courses/routes.ts';
import { discussionRoutes } from './discussions/routes.ts';
import { folderRoutes } from './folders/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { metricsRoutes } from './metrics/routes.ts';
import { orgRoutes } from './orgs/routes.ts';
import { packRoutes } from './packs/routes.ts';
import { playgroundRoutes } from './playgrounds/routes.ts';
import { podcastRoutes } from './podcasts/routes.ts';
import { progressRoutes } from './progress/routes.ts';
import { roleRoutes } from './roles/routes.ts';
import { searchRoutes } from './search/routes.ts';
import { usergroupRoutes } from './usergroups/routes.ts';
import { userRoutes } from './users/routes.ts';
import { webRoutes } from './web/routes.ts';
import { webhookRoutes } from './webhooks/routes.ts';

export async function registerModules(app: FastifyInstance, ctx: AppContext): Promise<void> {
  for (const routes of [
    healthRoutes,
    metricsRoutes,
    authRoutes,
    userRoutes,
    orgRoutes,
    roleRoutes,
    apiTokenRoutes,
    usergroupRoutes,
    packRoutes,
    courseRoutes,
    chapterRoutes,
    activityRoutes,
    blockRoutes,
    contentFileRoutes,
    collectionRoutes,
    progressRoutes,
    certificationRoutes,
    webhookRoutes,
    assignmentRoutes,
    folderRoutes,
    communityRoutes,
    discussionRoutes,
    playgroundRoutes,
    podcastRoutes,
    boardRoutes,
    searchRoutes,
    webRoutes,
  ]) {
    await app.register(routes, { ctx });
  }
}
