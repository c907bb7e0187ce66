/**
 * What a renderer needs besides the content itself: where the activity's files live, the
 * users that user blocks name (already reduced to public fields, never an e-mail), and a
 * counter that keeps element ids unique when one page holds several quizzes or cards.
 */

export interface PublicUser {
  id: number;
  user_uuid: string;
  username: string;
  first_name: string;
  last_name: string;
  bio: string | null;
}

export interface ContentRefs {
  orgUuid: string;
  courseUuid: string;
  activityUuid: string;
  users: ReadonlyMap<number, PublicUser>;
}

export interface RenderContext {
  refs: ContentRefs;
  /** A fresh id for this page, e.g. `quiz-3`; author-written ids are never used as element ids. */
  uniqueId(prefix: string): string;
}

export function createRenderContext(refs: ContentRefs): RenderContext {
  let sequence = 0;
  return { refs, uniqueId: (prefix) => `${prefix}-${++sequence}` };
}

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const stringOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A finite number, or a numeric string, or undefined. */
export function numberOf(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
}
