/**
 * Rendering page nodes in unit tests: a fixed organization, course and activity, one known
 * user, node builders, and a media block as the block upload returns it.
 */
import { renderDynamicPage } from './dynamic-page.ts';
import { createRenderContext, type PublicUser } from './render-context.ts';

export const ORG = 'org_5b1d';
export const COURSE = 'course_77aa';
export const ACTIVITY = 'activity_9c2e';
export const BLOCK = 'block_0c6f3d6e-7f57-4ad6-9d6e-3b0f0d3b7a11';
export const FILE_ID = `1f0e2d3c-4b5a-4978-8695-a4b3c2d1e0f9_${BLOCK}`;
export const BLOCKS_ROOT = `/api/v1/content/orgs/${ORG}/courses/${COURSE}/activities/${ACTIVITY}/dynamic/blocks`;

export const author: PublicUser = {
  id: 42,
  user_uuid: 'user_42',
  username: 'ada',
  first_name: 'Ada',
  last_name: 'Lovelace',
  bio: 'Wrote the first program.',
};

/** The nodes as one page document, rendered. */
export function render(...nodes: unknown[]): string {
  const context = createRenderContext({
    orgUuid: ORG,
    courseUuid: COURSE,
    activityUuid: ACTIVITY,
    users: new Map([[author.id, author]]),
  });
  return renderDynamicPage({ type: 'doc', content: nodes }, context).value;
}

export const text = (value: string, marks?: unknown[]) => ({
  type: 'text',
  text: value,
  ...(marks ? { marks } : {}),
});
export const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });

export function blockObject(blockType: string, format: string, fileName = 'cell-diagram.png') {
  return {
    id: 1,
    block_uuid: BLOCK,
    block_type: blockType,
    content: {
      file_id: FILE_ID,
      file_format: format,
      file_name: fileName,
      file_size: 10,
      activity_uuid: ACTIVITY,
    },
  };
}
