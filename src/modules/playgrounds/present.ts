/** Playgrounds as PlaygroundRead: with their organization, course and author filled in, in batches. */
import type { Static } from '@sinclair/typebox';
import type { Executor } from '../../core/events/emit.ts';
import { findCoursesByIds } from '../courses/service.ts';
import { findOrgsByIds } from '../orgs/service.ts';
import { findUsersByIds } from '../users/service.ts';
import type { PlaygroundRow } from './queries.ts';
import type { PlaygroundRead } from './schemas.ts';

const ids = (values: (number | null)[]) => [...new Set(values.filter((v): v is number => v !== null))];

export async function presentPlaygrounds(
  db: Executor,
  playgrounds: PlaygroundRow[],
): Promise<Static<typeof PlaygroundRead>[]> {
  const orgs = new Map(
    (await findOrgsByIds(db, ids(playgrounds.map((p) => p.org_id)))).map((o) => [o.id, o]),
  );
  const courses = new Map(
    (await findCoursesByIds(db, ids(playgrounds.map((p) => p.course_id)))).map((c) => [c.id, c]),
  );
  const authors = new Map(
    (await findUsersByIds(db, ids(playgrounds.map((p) => p.created_by)))).map((u) => [u.id, u]),
  );
  return playgrounds.map((playground) => {
    const org = orgs.get(playground.org_id);
    const course = playground.course_id === null ? undefined : courses.get(playground.course_id);
    const author = playground.created_by === null ? undefined : authors.get(playground.created_by);
    return {
      name: playground.name,
      id: playground.id,
      org_id: playground.org_id,
      playground_uuid: playground.playground_uuid,
      creation_date: playground.creation_date,
      update_date: playground.update_date,
      description: playground.description,
      thumbnail_image: playground.thumbnail_image,
      html_content: playground.html_content,
      course_uuid: course?.course_uuid ?? null,
      org_uuid: org?.org_uuid ?? null,
      org_slug: org?.slug ?? null,
      author_username: author?.username ?? null,
      author_first_name: author?.first_name ?? null,
      author_last_name: author?.last_name ?? null,
      author_user_uuid: author?.user_uuid ?? null,
      author_avatar_image: author?.avatar_image ?? null,
      access_type: playground.access_type,
      published: playground.published,
      course_id: playground.course_id,
      created_by: playground.created_by,
    };
  });
}

export async function presentPlayground(db: Executor, playground: PlaygroundRow) {
  return (await presentPlaygrounds(db, [playground]))[0];
}
