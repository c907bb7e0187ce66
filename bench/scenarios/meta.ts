/**
 * `GET /courses/{uuid}/meta` for a 10-chapter × 10-activity course whose activities hold
 * ~2 KB of content each: slim against a bare route returning small JSON, full against a
 * bare route returning the very same response bytes from memory. The slim response is itself
 * tens of KB, so a bare route serving its bytes is measured too: what moving them costs the
 * client and the loopback, whatever the server does.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createActivity } from '../../src/modules/activities/service.ts';
import { createChapter } from '../../src/modules/chapters/service.ts';
import { createCourse, updateCourse } from '../../src/modules/courses/service.ts';
import { freshDataDir, measure, startApp, startCeiling, warmUp } from '../harness.ts';
import { ratio, type ScenarioReport, verdict } from '../report.ts';
import { adminPrincipal, benchEnv, withSeedContext } from '../seed-context.ts';

function pageOfAboutTwoKilobytes(seed: number) {
  const sentence = (n: number) => ({
    type: 'paragraph',
    content: [
      {
        type: 'text',
        text: `Paragraph ${n} of activity ${seed}: ownership, borrowing and lifetimes explained with examples.`,
      },
    ],
  });
  return { type: 'doc', content: Array.from({ length: 16 }, (_, n) => sentence(n)) };
}

async function seedCourse(dataDir: string): Promise<string> {
  return withSeedContext(dataDir, async (ctx) => {
    const principal = await adminPrincipal(ctx);
    const course = await createCourse(ctx, principal, 1, {
      name: 'Benchmark course',
      description: 'd',
      about: 'a',
      public: true,
    });
    await updateCourse(ctx, principal, course.course_uuid, { published: true });
    for (let c = 0; c < 10; c++) {
      const { chapter } = await createChapter(ctx, principal, {
        name: `Chapter ${c + 1}`,
        course_id: course.id,
        org_id: 1,
      });
      for (let a = 0; a < 10; a++) {
        await createActivity(ctx, principal, {
          name: `Activity ${c + 1}.${a + 1}`,
          chapter_id: chapter.id,
          activity_type: 'TYPE_DYNAMIC',
          activity_sub_type: 'SUBTYPE_DYNAMIC_PAGE',
          content: pageOfAboutTwoKilobytes(c * 10 + a),
          published: true,
        });
      }
    }
    return course.course_uuid;
  });
}

export const meta = {
  name: 'meta',
  description:
    '`GET /courses/{uuid}/meta` (10 chapters × 10 activities, ~2 KB content each, anonymous reader of a public course), without compression and with `Accept-Encoding: gzip` as browsers and HTTP libraries send it: slim vs a bare small-JSON route (and vs a bare route serving the slim bytes), full vs a bare route serving the same bytes.',
  async run(): Promise<ScenarioReport> {
    const dataDir = freshDataDir();
    const courseUuid = await seedCourse(dataDir);
    const app = await startApp(benchEnv(dataDir));
    try {
      const fullUrl = `${app.url}/api/v1/courses/${courseUuid}/meta`;
      const slimUrl = `${fullUrl}?slim=true`;
      const body = await (await fetch(fullUrl)).text();
      const bytesFile = join(dataDir, 'meta-response.json');
      writeFileSync(bytesFile, body);
      const slimBody = await (await fetch(slimUrl)).text();
      const slimBytesFile = join(dataDir, 'meta-slim-response.json');
      writeFileSync(slimBytesFile, slimBody);
      const ceiling = await startCeiling(bytesFile);
      const slimCeiling = await startCeiling(slimBytesFile);
      try {
        for (const url of [
          slimUrl,
          fullUrl,
          `${ceiling.url}/small`,
          `${slimCeiling.url}/bytes`,
          `${ceiling.url}/bytes`,
        ])
          await warmUp({ url });
        const gzip = { 'accept-encoding': 'gzip' };
        const slim = await measure('meta slim=true', { url: slimUrl });
        const slimGzip = await measure('meta slim=true, gzip', { url: slimUrl, headers: gzip });
        const small = await measure('ceiling: bare route, small JSON', { url: `${ceiling.url}/small` });
        const slimSame = await measure(
          `ceiling: bare route, the slim bytes (${(slimBody.length / 1024).toFixed(0)} KB) from memory`,
          { url: `${slimCeiling.url}/bytes` },
        );
        const full = await measure(`meta full (${(body.length / 1024).toFixed(0)} KB)`, { url: fullUrl });
        const fullGzip = await measure('meta full, gzip', { url: fullUrl, headers: gzip });
        const same = await measure('ceiling: bare route, same bytes from memory', {
          url: `${ceiling.url}/bytes`,
        });
        const fullShare = full.requestsPerSecond / same.requestsPerSecond;
        return {
          scenario: 'meta',
          description: meta.description,
          rows: [slim, slimGzip, small, slimSame, full, fullGzip, same],
          notes: [
            verdict(
              'slim ≥ 40% of the small-JSON ceiling, for a client that accepts gzip',
              slimGzip.requestsPerSecond >= 0.4 * small.requestsPerSecond,
              ratio(slimGzip.requestsPerSecond, small.requestsPerSecond),
            ),
            `slim without compression reaches ${ratio(slim.requestsPerSecond, small.requestsPerSecond)} of the small-JSON ceiling and ` +
              `${ratio(slim.requestsPerSecond, slimSame.requestsPerSecond)} of a bare route serving its own bytes, ` +
              `which itself reaches ${ratio(slimSame.requestsPerSecond, small.requestsPerSecond)} of the small-JSON ceiling (the transfer bounds it)`,
            verdict(
              'full ≥ 60% of the same-bytes ceiling',
              fullShare >= 0.6,
              ratio(full.requestsPerSecond, same.requestsPerSecond),
            ),
            `full with gzip: ${fullGzip.requestsPerSecond} req/s (${ratio(fullGzip.requestsPerSecond, same.requestsPerSecond)} of the same-bytes ceiling)`,
          ],
        };
      } finally {
        await Promise.all([ceiling.stop(), slimCeiling.stop()]);
      }
    } finally {
      await app.stop();
    }
  },
};
