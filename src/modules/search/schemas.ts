import { Type } from '@sinclair/typebox';
import { CommunityRead } from '../communities/schemas.ts';
import { CourseRead } from '../courses/schemas.ts';
import { DiscussionRead } from '../discussions/schemas.ts';
import { FolderRead } from '../folders/schemas.ts';
import { PlaygroundRead } from '../playgrounds/schemas.ts';
import { PodcastRead } from '../podcasts/schemas.ts';
import { UserReadPublic } from '../users/schemas.ts';

export const MAX_QUERY_LENGTH = 200;
export const MAX_LIMIT = 50;
export const DEFAULT_PAGE = 1;
export const DEFAULT_LIMIT = 20;

export const SearchParams = Type.Object({ org_slug: Type.String() });

export const SearchQuery = Type.Object({
  query: Type.String({
    maxLength: MAX_QUERY_LENGTH,
    description:
      'Words to find (at most 200 characters, not blank). Every word must match, as a word or the start of one, ' +
      'ignoring case and accents.',
  }),
  page: Type.Optional(
    Type.Integer({ minimum: 1, default: DEFAULT_PAGE, description: 'Page number, from 1 (default 1).' }),
  ),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_LIMIT,
      default: DEFAULT_LIMIT,
      description: 'Items per page and per resource type, 1 to 50 (default 20).',
    }),
  ),
});

/** Spec §2.9: seven lists (one page each, best matches first) and the true total of each. */
export const SearchResult = Type.Object(
  {
    courses: Type.Array(CourseRead),
    folders: Type.Array(FolderRead),
    users: Type.Array(UserReadPublic),
    communities: Type.Array(CommunityRead),
    discussions: Type.Array(DiscussionRead),
    playgrounds: Type.Array(PlaygroundRead),
    podcasts: Type.Array(PodcastRead),
    total_courses: Type.Integer(),
    total_folders: Type.Integer(),
    total_users: Type.Integer(),
    total_communities: Type.Integer(),
    total_discussions: Type.Integer(),
    total_playgrounds: Type.Integer(),
    total_podcasts: Type.Integer(),
  },
  { title: 'SearchResult' },
);
