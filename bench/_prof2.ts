import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createContext } from '../src/bootstrap.ts';
import { ANONYMOUS } from '../src/core/auth/principal.ts';
import { loadConfig } from '../src/core/config.ts';
import { createLogger } from '../src/core/logger.ts';
import {
  createActivity,
  listCourseActivities,
  listCourseActivitiesSlim,
} from '../src/modules/activities/service.ts';
import { readCourseMeta } from '../src/modules/chapters/course-tree.ts';
import { createChapter, listActivityLinks, listLinkedChapters } from '../src/modules/chapters/service.ts';
import { presentCourse } from '../src/modules/courses/present.ts';
import { createCourse, getCourseOr404, updateCourse } from '../src/modules/courses/service.ts';

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
const db = ctx.database.db;
async function time(label: string, fn: () => Promise<unknown>) {
  for (let i = 0; i < 30; i++) await fn();
  const t0 = performance.now();
  for (let i = 0; i < 200; i++) await fn();
  console.log(label, ((performance.now() - t0) / 200).toFixed(3), 'ms');
}
await time('getCourse', () => getCourseOr404(db, course.course_uuid));
await time('chapters', () => listLinkedChapters(db, course.id));
await time('links', () => listActivityLinks(db, course.id));
await time('activities slim', () => listCourseActivitiesSlim(db, course.id));
await time('activities full', () => listCourseActivities(db, course.id));
await time('presentCourse', () => presentCourse(db, course));
await time('meta slim', () =>
  readCourseMeta(ctx, ANONYMOUS, course.course_uuid, { slim: true, withUnpublishedActivities: false }),
);
await time('meta full', () =>
  readCourseMeta(ctx, ANONYMOUS, course.course_uuid, { slim: false, withUnpublishedActivities: false }),
);
await ctx.database.close();

import BetterSqlite3 from 'better-sqlite3';

const raw = new BetterSqlite3(join(dir, 'learnbase.db'));
const st = raw.prepare('select * from "activities" where "course_id" = ?');
let t0 = performance.now();
for (let i = 0; i < 200; i++) st.all(course.id);
console.log('raw activities full', ((performance.now() - t0) / 200).toFixed(3), 'ms');
const st2 = raw.prepare(
  'select "chapter_id","activity_id","position" from "chapter_activities" where "course_id" = ? order by "chapter_id", "position"',
);
t0 = performance.now();
for (let i = 0; i < 200; i++) st2.all(course.id);
console.log('raw links', ((performance.now() - t0) / 200).toFixed(3), 'ms');
