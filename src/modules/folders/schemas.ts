import { Type } from '@sinclair/typebox';
import { JsonObject, Nullable } from '../../core/http/schemas.ts';

export const FolderContentItem = Type.Object({
  resource_uuid: Type.String(),
  resource_type: Type.String(),
  position: Type.Integer(),
  /** The resource as its own endpoint presents it (CourseRead, PodcastRead…). */
  resource: JsonObject,
});

export const FolderBreadcrumb = Type.Object({ folder_uuid: Type.String(), name: Type.String() });

/** Spec §2.9. `breadcrumbs` runs from the root folder down to this folder itself. */
export const FolderRead = Type.Recursive(
  (Self) =>
    Type.Object({
      name: Type.String(),
      public: Type.Boolean(),
      description: Nullable(Type.String()),
      thumbnail_image: Nullable(Type.String()),
      color: Nullable(Type.String()),
      id: Type.Integer(),
      org_id: Type.Integer(),
      folder_uuid: Type.String(),
      parent_folder_id: Nullable(Type.Integer()),
      order: Type.Integer(),
      creation_date: Type.String(),
      update_date: Type.String(),
      /** Items directly in this folder. */
      total_items: Type.Integer(),
      subfolders: Type.Array(Self),
      items: Type.Array(FolderContentItem),
      breadcrumbs: Type.Array(FolderBreadcrumb),
    }),
  { title: 'FolderRead' },
);

const name = Type.String({ minLength: 1, maxLength: 200 });
const description = Nullable(Type.String({ maxLength: 5000 }));
const image = Nullable(Type.String({ maxLength: 2048 }));
const color = Nullable(Type.String({ maxLength: 50 }));

export const FolderCreate = Type.Object({
  name,
  org_id: Type.Integer(),
  description: Type.Optional(description),
  public: Type.Optional(Type.Boolean({ default: true })),
  thumbnail_image: Type.Optional(image),
  color: Type.Optional(color),
  parent_folder_id: Type.Optional(Nullable(Type.Integer())),
});

export const FolderUpdate = Type.Object({
  name: Type.Optional(name),
  description: Type.Optional(description),
  public: Type.Optional(Type.Boolean()),
  thumbnail_image: Type.Optional(image),
  color: Type.Optional(color),
  /** Moves the folder (null: to the root). */
  parent_folder_id: Type.Optional(Nullable(Type.Integer())),
  order: Type.Optional(Type.Integer({ minimum: 0 })),
});

const resourceUuid = Type.String({ minLength: 1, maxLength: 200 });
const resourceType = Type.String({ minLength: 1, maxLength: 50 });

export const FolderItemAdd = Type.Object({
  resource_uuid: resourceUuid,
  resource_type: resourceType,
  /** 0-based place; the end when omitted or past the end. */
  position: Type.Optional(Type.Integer({ minimum: 0 })),
});

export const FolderItemRemove = Type.Object({
  resource_uuid: resourceUuid,
  resource_type: Type.Optional(resourceType),
});

export const FolderItemMove = Type.Object({
  resource_uuid: resourceUuid,
  /** Another folder of the same organization; this folder (a reorder) when omitted. */
  target_folder_uuid: Type.Optional(Type.String({ minLength: 1 })),
  position: Type.Optional(Type.Integer({ minimum: 0 })),
});
