/** The CLI's commands, by name ("org create" before "org" when both exist). */
import type { AppContext } from '../../core/context.ts';
import { migrateToLatest } from '../../core/db/migrate.ts';
import { orgCreate, orgSetPlan, tokenCreate, userCreate } from './identity.ts';

export type CommandFlags = Record<string, string | boolean | undefined>;

export interface Command {
  summary: string;
  run(ctx: AppContext, flags: CommandFlags): Promise<unknown>;
}

export const commands: Record<string, Command> = {
  migrate: {
    summary: 'Apply pending database migrations (the server also does this at start)',
    run: async (ctx) => ({ database: ctx.database.kind, applied: await migrateToLatest(ctx.database) }),
  },
  'org create': orgCreate,
  'org set-plan': orgSetPlan,
  'user create': userCreate,
  'token create': tokenCreate,
};
