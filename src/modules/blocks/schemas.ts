import { Type } from '@sinclair/typebox';
import { Nullable, StringEnum } from '../../core/http/schemas.ts';

export const BLOCK_TYPES = ['BLOCK_IMAGE', 'BLOCK_VIDEO', 'BLOCK_DOCUMENT_PDF', 'BLOCK_AUDIO'] as const;

export const BlockRead = Type.Object(
  {
    id: Type.Integer(),
    block_uuid: Type.String(),
    block_type: StringEnum(BLOCK_TYPES),
    content: Type.Object({
      file_id: Type.String({ description: 'A uuid, an underscore, the block uuid' }),
      file_format: Type.String(),
      file_name: Type.String(),
      file_size: Type.Integer(),
      file_type: Type.String(),
      activity_uuid: Type.String(),
    }),
    org_id: Type.Integer(),
    course_id: Type.Integer(),
    chapter_id: Nullable(Type.Integer()),
    activity_id: Type.Integer(),
    creation_date: Type.String(),
    update_date: Type.String(),
  },
  { title: 'BlockRead' },
);

export const BlockForm = Type.Object({ activity_uuid: Type.String({ minLength: 1, maxLength: 100 }) });
