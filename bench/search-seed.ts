/**
 * Fills one organization for the search benchmark straight through the modules' query
 * functions (no HTTP), in batches of 1,000 rows per transaction, indexing each batch in
 * the same transaction as production writes do.
 */
import type { AppContext } from '../src/core/context.ts';
import type { Executor } from '../src/core/events/emit.ts';
import { prefixedUuid } from '../src/core/ids.ts';
import { formatDateTime } from '../src/core/time.ts';
import { insertCommunities } from '../src/modules/communities/queries.ts';
import { communityDocument } from '../src/modules/communities/service.ts';
import { insertCourses } from '../src/modules/courses/queries.ts';
import { insertDiscussions } from '../src/modules/discussions/queries.ts';
import { discussionDocument } from '../src/modules/discussions/service.ts';
import { insertFolders } from '../src/modules/folders/queries.ts';
import { folderDocument } from '../src/modules/folders/service.ts';
import { insertPlaygrounds } from '../src/modules/playgrounds/queries.ts';
import { playgroundDocument } from '../src/modules/playgrounds/service.ts';
import { insertPodcasts } from '../src/modules/podcasts/queries.ts';
import { podcastDocument } from '../src/modules/podcasts/service.ts';
import { ROLE_USER } from '../src/modules/roles/global-roles.ts';
import { insertMemberships } from '../src/modules/roles/queries.ts';
import {
  courseDocument,
  indexNewDocuments,
  type SearchDocument,
  userDocument,
} from '../src/modules/search/index-writer.ts';
import { insertResources, insertUsergroup } from '../src/modules/usergroups/queries.ts';
import { insertUsers } from '../src/modules/users/queries.ts';
import type { Corpus } from './search-corpus.ts';

const BATCH = 1000;

export interface SeedCounts {
  courses: number;
  users: number;
  others: number;
}

export interface SeedTiming {
  what: string;
  rows: number;
  seconds: number;
}

export interface SeedResult {
  timings: SeedTiming[];
  /** A sample of seeded names to build queries from. */
  sampleNames: string[];
}

async function inBatches(
  ctx: AppContext,
  total: number,
  write: (trx: Executor, count: number) => Promise<SearchDocument[]>,
): Promise<number> {
  const started = performance.now();
  for (let done = 0; done < total; done += BATCH) {
    await ctx.database.db.transaction().execute(async (trx) => {
      await indexNewDocuments(trx, await write(trx, Math.min(BATCH, total - done)));
    });
  }
  return (performance.now() - started) / 1000;
}

export async function seedSearchCorpus(
  ctx: AppContext,
  orgId: number,
  authorId: number,
  corpus: Corpus,
  counts: SeedCounts,
): Promise<SeedResult> {
  const timings: SeedTiming[] = [];
  const sampleNames: string[] = [];
  const named = () => {
    const name = corpus.name();
    if (corpus.chance(0.01)) sampleNames.push(name);
    return name;
  };
  const now = formatDateTime();
  const time = async (what: string, rows: number, write: Parameters<typeof inBatches>[2]) => {
    timings.push({ what, rows, seconds: await inBatches(ctx, rows, write) });
  };

  let serial = 0;
  await time('users (+ memberships)', counts.users, async (trx, count) => {
    const rows = Array.from({ length: count }, () => {
      const [first, last] = named().split(' ');
      const username = `${first.toLowerCase()}${++serial}`;
      return {
        user_uuid: prefixedUuid('user'),
        username,
        username_lower: username,
        first_name: first,
        last_name: last,
        email: `${username}@bench.test`,
        email_lower: `${username}@bench.test`,
        password_hash: '',
        avatar_image: '',
        bio: '',
        language: null,
        details: '{}',
        profile: '{}',
        extra_metadata: null,
        email_verified: true,
        email_verified_at: null,
        failed_login_attempts: 0,
        first_failed_login_ms: null,
        locked_until_ms: null,
        last_login_at: null,
        last_login_ip: null,
        signup_method: 'email',
        is_superadmin: false,
        creation_date: now,
        update_date: now,
      };
    });
    const users = await insertUsers(trx, rows);
    await insertMemberships(
      trx,
      users.map((user) => ({ user_id: user.id, org_id: orgId, role_id: ROLE_USER.id })),
      now,
    );
    return users.map(userDocument);
  });

  const restricted: string[] = [];
  await time('courses', counts.courses, async (trx, count) => {
    const rows = Array.from({ length: count }, () => ({
      course_uuid: prefixedUuid('course'),
      org_id: orgId,
      name: named(),
      description: corpus.description(),
      about: corpus.description(),
      learnings: JSON.stringify([corpus.text(2, 4)]),
      tags: JSON.stringify([corpus.text(1, 1), corpus.text(1, 1)]),
      thumbnail_type: 'image' as const,
      thumbnail_image: '',
      thumbnail_video: '',
      public: corpus.chance(0.7),
      published: corpus.chance(0.9),
      open_to_contributors: false,
      target_language: null,
      target_level: null,
      target_level_scale: null,
      seo: null,
      extra_metadata: null,
      creation_date: now,
      update_date: now,
    }));
    const courses = await insertCourses(trx, rows);
    for (const course of courses) {
      if (restricted.length < 200 && corpus.chance(0.01)) restricted.push(course.course_uuid);
    }
    return courses.map(courseDocument);
  });
  // A few courses behind a user group, so the learner's query carries that filter too.
  const group = await insertUsergroup(ctx.database.db, {
    usergroup_uuid: prefixedUuid('usergroup'),
    org_id: orgId,
    name: 'Bench cohort',
    description: null,
    creation_date: now,
    update_date: now,
  });
  await insertResources(ctx.database.db, group.id, restricted, now);

  const base = { org_id: orgId, creation_date: now, update_date: now };
  await time('folders', counts.others, async (trx, count) => {
    const rows = Array.from({ length: count }, (_, i) => ({
      ...base,
      folder_uuid: prefixedUuid('folder'),
      parent_folder_id: null,
      name: named(),
      description: corpus.description(),
      public: corpus.chance(0.8),
      thumbnail_image: null,
      color: 'violet',
      sort_order: i,
    }));
    return (await insertFolders(trx, rows)).map(folderDocument);
  });

  const communityIds: number[] = [];
  await time('communities', counts.others, async (trx, count) => {
    const rows = Array.from({ length: count }, () => ({
      ...base,
      community_uuid: prefixedUuid('community'),
      course_id: null,
      name: named(),
      description: corpus.description(),
      public: corpus.chance(0.8),
      thumbnail_image: null,
      moderation_words: '[]',
      moderation_settings: null,
    }));
    const inserted = await insertCommunities(trx, rows);
    communityIds.push(...inserted.map((community) => community.id));
    return inserted.map(communityDocument);
  });

  await time('discussions', counts.others, async (trx, count) => {
    const rows = Array.from({ length: count }, () => ({
      ...base,
      discussion_uuid: prefixedUuid('discussion'),
      community_id: communityIds[corpus.integer(communityIds.length)],
      author_id: authorId,
      title: named(),
      content: corpus.description(),
      label: null,
      emoji: null,
      upvote_count: 0,
      edit_count: 0,
      is_pinned: false,
      is_locked: false,
    }));
    return (await insertDiscussions(trx, rows)).map(discussionDocument);
  });

  const accessTypes = ['public', 'authenticated', 'restricted'] as const;
  await time('playgrounds', counts.others, async (trx, count) => {
    const rows = Array.from({ length: count }, () => ({
      ...base,
      playground_uuid: prefixedUuid('playground'),
      course_id: null,
      name: named(),
      description: corpus.description(),
      thumbnail_image: null,
      html_content: '<p>bench</p>',
      access_type: accessTypes[corpus.integer(3)],
      published: corpus.chance(0.9),
      created_by: authorId,
    }));
    return (await insertPlaygrounds(trx, rows)).map(playgroundDocument);
  });

  await time('podcasts', counts.others, async (trx, count) => {
    const rows = Array.from({ length: count }, () => ({
      ...base,
      podcast_uuid: prefixedUuid('podcast'),
      name: named(),
      description: corpus.description(),
      about: null,
      tags: corpus.text(2, 3),
      thumbnail_image: null,
      public: corpus.chance(0.8),
      published: corpus.chance(0.9),
      seo: null,
    }));
    return (await insertPodcasts(trx, rows)).map(podcastDocument);
  });

  return { timings, sampleNames };
}
