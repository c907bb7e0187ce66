/**
 * Registers every module's routes. Modules are Fastify plugins that receive the shared
 * context; adding a module is one line here.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/context.ts';
import { healthRoutes } from './health/routes.ts';

export async function registerModules(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(healthRoutes, { ctx });
}
