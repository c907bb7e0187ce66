/** Every benchmark scenario by name; `npm run bench` with no name runs the default set. */
import type { ScenarioReport } from '../report.ts';
import { health } from './health.ts';
import { meta } from './meta.ts';
import { search } from './search.ts';
import { soak } from './soak.ts';
import { submissions } from './submissions.ts';
import { webhooks } from './webhooks.ts';

export interface Scenario {
  name: string;
  description: string;
  /** Long-running scenarios (seeding 100k rows, soak) only run when named. */
  onDemand?: boolean;
  run(): Promise<ScenarioReport>;
}

export const scenarios: Scenario[] = [health, meta, submissions, webhooks, search, soak];
