/**
 * Organization search at scale: one organization with 100,000 courses, 100,000 members and
 * 20,000 each of folders, communities, discussions, playgrounds and podcasts, seeded in
 * this process through the query functions; then the app (in its own process) answers
 * two-word searches by a signed-in learner, sent one at a time and timed one by one, next
 * to the same loop against a bare route. BENCH_SEARCH_QUERIES sets the number of queries
 * (default 500); BENCH_SEARCH_SCALE scales the row counts (default 1).
 */

import { cpus, loadavg } from 'node:os';
import { createContext } from '../../src/bootstrap.ts';
import { loadConfig } from '../../src/core/config.ts';
import { findOrgBySlug } from '../../src/modules/orgs/service.ts';
import { ROLE_USER } from '../../src/modules/roles/global-roles.ts';
import { addMember } from '../../src/modules/roles/service.ts';
import { createUser } from '../../src/modules/users/service.ts';
import { freshDataDir, startApp, startCeiling } from '../harness.ts';
import { type ScenarioReport, verdict } from '../report.ts';
import { Corpus } from '../search-corpus.ts';
import { seedSearchCorpus } from '../search-seed.ts';
import { measureSequential } from '../sequential.ts';

const ADMIN_PASSWORD = 'Bench-admin-password-1!';
const LEARNER = { email: 'learner@bench.test', password: 'Bench-learner-password-1!' };
const QUERIES = Number(process.env.BENCH_SEARCH_QUERIES ?? 500);
const SCALE = Number(process.env.BENCH_SEARCH_SCALE ?? 1);
const TARGET_P95_MS = 25;
const TARGET_SEED_SECONDS = 60;

async function seed(dataDir: string) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    PASSWORD_HASH_COST: '12',
    LOG_LEVEL: 'warn',
  });
  const ctx = await createContext(config);
  try {
    const org = await findOrgBySlug(ctx.database.db, 'default');
    if (!org) throw new Error('first start did not create the default organization');
    const learner = await createUser(
      ctx,
      ctx.database.db,
      { username: 'bench_learner', email: LEARNER.email, password: LEARNER.password },
      { signupMethod: 'email', emailVerified: true },
    );
    await addMember(ctx.database.db, learner.id, org.id, ROLE_USER.id);
    const corpus = new Corpus();
    const counts = {
      courses: Math.round(100_000 * SCALE),
      users: Math.round(100_000 * SCALE),
      others: Math.round(20_000 * SCALE),
    };
    const seeded = await seedSearchCorpus(ctx, org.id, learner.id, corpus, counts);
    return { org, corpus, ...seeded };
  } finally {
    await ctx.database.close();
  }
}

async function login(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: LEARNER.email, password: LEARNER.password }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { tokens: { access_token: string } }).tokens.access_token;
}

export const search = {
  name: 'search',
  description:
    'Two-word searches (`GET /api/v1/search/org_slug/{slug}`) by a signed-in learner over one organization with ' +
    '100k courses, 100k members and 20k each of folders, communities, discussions, playgrounds and podcasts, ' +
    'sent one at a time, next to the same loop against a bare Fastify route.',
  onDemand: true,
  async run(): Promise<ScenarioReport> {
    const dataDir = freshDataDir();
    process.stdout.write('  seeding…\n');
    const seeded = await seed(dataDir);
    const seedRows = seeded.timings.reduce((sum, t) => sum + t.rows, 0);
    const seedSeconds = seeded.timings.reduce((sum, t) => sum + t.seconds, 0);
    const courseSeconds = seeded.timings.find((t) => t.what === 'courses')?.seconds ?? 0;

    const app = await startApp({ DATA_DIR: dataDir, ADMIN_PASSWORD, SEARCH_RATE_LIMIT: '1000000' });
    const ceiling = await startCeiling();
    try {
      const headers = { authorization: `Bearer ${await login(app.url)}` };
      const queries = Array.from({ length: QUERIES }, (_, i) =>
        seeded.corpus.twoWordQuery(seeded.sampleNames[i % seeded.sampleNames.length]),
      );
      const searchUrl = (query: string) =>
        `${app.url}/api/v1/search/org_slug/${seeded.org.slug}?query=${encodeURIComponent(query)}&limit=20`;
      // Warm the process (JIT, statement cache, page cache) on queries that are not measured.
      await measureSequential(
        'warm-up',
        Array.from({ length: 50 }, () => ({
          url: searchUrl(seeded.corpus.twoWordQuery(seeded.corpus.name())),
          headers,
        })),
      );
      let withResults = 0;
      let totalFound = 0;
      const cpuBefore = app.cpuMillis();
      const searchRow = await measureSequential(
        `search, two words (${QUERIES} queries)`,
        queries.map((query) => ({ url: searchUrl(query), headers })),
        (body) => {
          const result = body as Record<string, number>;
          const found = Object.keys(result)
            .filter((key) => key.startsWith('total_'))
            .reduce((sum, key) => sum + result[key], 0);
          totalFound += found;
          if (found > 0) withResults++;
        },
      );
      const cpuPerSearch = (app.cpuMillis() - cpuBefore) / QUERIES;
      const ceilingRow = await measureSequential(
        `ceiling: bare route (${QUERIES} requests)`,
        queries.map(() => ({ url: `${ceiling.url}/small` })),
      );
      return {
        scenario: 'search',
        description: search.description,
        rows: [searchRow, ceilingRow],
        notes: [
          ...seeded.timings.map(
            (t) =>
              `seeded ${t.rows.toLocaleString('en')} ${t.what} in ${t.seconds.toFixed(1)} s (${Math.round(t.rows / t.seconds)} rows/s)`,
          ),
          `seeding total: ${seedRows.toLocaleString('en')} rows, each indexed, in ${seedSeconds.toFixed(1)} s`,
          `queries with results: ${withResults}/${QUERIES}; mean total hits per query (all types) ${(totalFound / QUERIES).toFixed(1)}`,
          `app CPU per search (user + system, whatever else runs on the machine): ${cpuPerSearch.toFixed(1)} ms`,
          `load average during the run: ${loadavg()
            .map((load) => load.toFixed(1))
            .join(' / ')} (1 / 5 / 15 min) on ${cpus().length} CPUs`,
          verdict(
            `search p95 < ${TARGET_P95_MS} ms`,
            (searchRow.p95 ?? Number.POSITIVE_INFINITY) < TARGET_P95_MS,
            `p50 ${searchRow.p50} ms, p95 ${searchRow.p95} ms`,
          ),
          verdict(
            `seeding 100k rows < ${TARGET_SEED_SECONDS} s`,
            courseSeconds < TARGET_SEED_SECONDS,
            `100k courses with their index entries in ${courseSeconds.toFixed(1)} s`,
          ),
        ],
      };
    } finally {
      await app.stop();
      await ceiling.stop();
    }
  },
};
