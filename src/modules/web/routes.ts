/**
 * The web front end, served by the API process at `/`: server-rendered pages with small
 * progressive-enhancement scripts. Pages call the same services as the API, so every
 * rule (roles, locks, org boundaries) is enforced once.
 */
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { assignmentPages } from './assignments/routes.ts';
import { consolePages } from './console/routes.ts';
import { registerPageErrors } from './page-errors.ts';
import { activityPages } from './pages/activity.ts';
import { cataloguePages } from './pages/catalogue.ts';
import { coursePages } from './pages/course.ts';
import { sessionPages } from './pages/session.ts';
import { registerPageSecurity } from './security.ts';

const ASSETS_DIR = fileURLToPath(new URL('./assets/', import.meta.url));

export async function webRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  await app.register(fastifyStatic, {
    root: ASSETS_DIR,
    prefix: '/assets/',
    decorateReply: false,
    maxAge: '1h',
    schemaHide: true,
  });
  await app.register(async (pages) => {
    await registerPageSecurity(pages, ctx);
    registerPageErrors(pages);
    for (const plugin of [
      sessionPages,
      cataloguePages,
      coursePages,
      activityPages,
      assignmentPages,
      consolePages,
    ]) {
      await pages.register(plugin, { ctx });
    }
  });
}
