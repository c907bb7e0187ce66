/** Activity types and sub-types (spec §2.3) and which sub-types belong to which type. */
export const ACTIVITY_TYPES = [
  'TYPE_VIDEO',
  'TYPE_DOCUMENT',
  'TYPE_DYNAMIC',
  'TYPE_ASSIGNMENT',
  'TYPE_CUSTOM',
  'TYPE_SCORM',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const ACTIVITY_SUB_TYPES = [
  'SUBTYPE_DYNAMIC_PAGE',
  'SUBTYPE_DYNAMIC_MARKDOWN',
  'SUBTYPE_DYNAMIC_EMBED',
  'SUBTYPE_VIDEO_YOUTUBE',
  'SUBTYPE_VIDEO_HOSTED',
  'SUBTYPE_DOCUMENT_PDF',
  'SUBTYPE_DOCUMENT_DOC',
  'SUBTYPE_ASSIGNMENT_ANY',
  'SUBTYPE_CUSTOM',
  'SUBTYPE_SCORM_12',
  'SUBTYPE_SCORM_2004',
] as const;
export type ActivitySubType = (typeof ACTIVITY_SUB_TYPES)[number];

export const SUB_TYPES_OF: Record<ActivityType, readonly ActivitySubType[]> = {
  TYPE_DYNAMIC: ['SUBTYPE_DYNAMIC_PAGE', 'SUBTYPE_DYNAMIC_MARKDOWN', 'SUBTYPE_DYNAMIC_EMBED'],
  TYPE_VIDEO: ['SUBTYPE_VIDEO_YOUTUBE', 'SUBTYPE_VIDEO_HOSTED'],
  TYPE_DOCUMENT: ['SUBTYPE_DOCUMENT_PDF', 'SUBTYPE_DOCUMENT_DOC'],
  TYPE_ASSIGNMENT: ['SUBTYPE_ASSIGNMENT_ANY'],
  TYPE_CUSTOM: ['SUBTYPE_CUSTOM'],
  TYPE_SCORM: ['SUBTYPE_SCORM_12', 'SUBTYPE_SCORM_2004'],
};

export const LOCK_TYPES = ['public', 'authenticated', 'restricted'] as const;
