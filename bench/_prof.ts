import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.ts';
import { createContext } from '../src/bootstrap.ts';
import { loadConfig } from '../src/core/config.ts';
import { createLogger } from '../src/core/logger.ts';
import { createActivity } from '../src/modules/activities/service.ts';
import { createChapter } from '../src/modules/chapters/service.ts';
import { createCourse, updateCourse } from '../src/modules/courses/service.ts';

const dir = mkdtempSync(join(tmpdir(), 'prof-'));
const ctx = await createContext(
  loadConfig({
    DATA_DIR: dir,
    ADMIN_PASSWORD: 'Bench-admin-password-1!',
    LOG_LEVEL: 'warn',
    PASSWORD_HASH_COST: '10',
  }),
  { logger: createLogger('warn') },
);
const p = {
  kind: 'user',
  id: 1,
  uuid: 'x',
  email: 'x',
  username: 'admin',
  isSuperadmin: true,
  sessionId: 0,
} as const;
const course = await createCourse(ctx, p, 1, { name: 'B', description: 'd', about: 'a', public: true });
await updateCourse(ctx, p, course.course_uuid, { published: true });
for (let c = 0; c < 10; c++) {
  const ch = await createChapter(ctx, p, { name: `C${c}`, course_id: course.id, org_id: 1 });
  for (let a = 0; a < 10; a++)
    await createActivity(ctx, p, {
      name: 'A',
      chapter_id: ch.id,
      activity_type: 'TYPE_DYNAMIC',
      activity_sub_type: 'SUBTYPE_DYNAMIC_PAGE',
      content: {
        type: 'doc',
        content: Array.from({ length: 16 }, (_, n) => ({
          type: 'paragraph',
          content: [
            { type: 'text', text: `Paragraph ${n} ownership borrowing lifetimes explained with examples.` },
          ],
        })),
      },
      published: true,
    });
}
const app = await buildApp(ctx);
await app.ready();
const url = `/api/v1/courses/${course.course_uuid}/meta?slim=true`;
for (let i = 0; i < 50; i++) await app.inject({ url });
let t0 = performance.now();
for (let i = 0; i < 300; i++) await app.inject({ url });
console.log('slim ms/req', (performance.now() - t0) / 300);
t0 = performance.now();
for (let i = 0; i < 300; i++) await app.inject({ url: `/api/v1/courses/${course.course_uuid}/meta` });
console.log('full ms/req', (performance.now() - t0) / 300);
t0 = performance.now();
for (let i = 0; i < 300; i++) await app.inject({ url: `/api/v1/health` });
console.log('health ms/req', (performance.now() - t0) / 300);
await app.close();
await ctx.database.close();
