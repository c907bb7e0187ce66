/** The floor of the stack: the health route (one real database query) against a bare route. */
import { freshDataDir, measure, startApp, startCeiling, warmUp } from '../harness.ts';
import { ratio, type ScenarioReport } from '../report.ts';
import { benchEnv } from '../seed-context.ts';

export const health = {
  name: 'health',
  description:
    '`GET /api/v1/health` (checks the database) next to a bare Fastify route returning small JSON.',
  async run(): Promise<ScenarioReport> {
    const app = await startApp(benchEnv(freshDataDir()));
    const ceiling = await startCeiling();
    try {
      const appUrl = `${app.url}/api/v1/health`;
      const ceilingUrl = `${ceiling.url}/small`;
      await warmUp({ url: appUrl });
      await warmUp({ url: ceilingUrl });
      const appResult = await measure('GET /api/v1/health', { url: appUrl });
      const ceilingResult = await measure('ceiling: bare route, small JSON', { url: ceilingUrl });
      return {
        scenario: 'health',
        description: health.description,
        rows: [appResult, ceilingResult],
        notes: [
          `health reaches ${ratio(appResult.requestsPerSecond, ceilingResult.requestsPerSecond)} of the ceiling`,
        ],
      };
    } finally {
      await app.stop();
      await ceiling.stop();
    }
  },
};
