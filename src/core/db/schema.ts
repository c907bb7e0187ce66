/**
 * The database as Kysely sees it: the union of every module's tables. Each module owns its
 * table types (`src/modules/<name>/tables.ts`) and its migrations; only the type is shared.
 */
import type { WebhookTables } from '../../modules/webhooks/tables.ts';
import type { CoreTables } from './core-tables.ts';

export interface DB extends CoreTables, WebhookTables {}
