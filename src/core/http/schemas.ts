/** TypeBox building blocks shared by route schemas. */
import { type Static, type TSchema, Type } from '@sinclair/typebox';

/** A string enum rendered as `{"type":"string","enum":[...]}` (clean 422s and OpenAPI enums). */
export function StringEnum<const T extends readonly string[]>(
  values: T,
  options: Record<string, unknown> = {},
) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/**
 * `T` or null. Written as a type list (`"type": ["integer", "null"]`) where possible: with
 * ajv's type coercion, an `anyOf` would turn a sent null into 0 or "" before trying the null
 * branch, while a type list leaves a value alone when any listed type already fits.
 */
export function Nullable<T extends TSchema>(schema: T) {
  if (typeof schema.type !== 'string' || schema.$id !== undefined) return Type.Union([schema, Type.Null()]);
  const enumeration = Array.isArray(schema.enum) ? { enum: [...schema.enum, null] } : {};
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'], ...enumeration });
}

/** Any JSON object, kept as sent. */
export const JsonObject = Type.Object({}, { additionalProperties: true });

export const ErrorResponse = Type.Object(
  { detail: Type.Union([Type.String(), Type.Object({}, { additionalProperties: true })]) },
  { $id: 'ErrorResponse', description: 'Any non-validation error' },
);

export const ValidationErrorResponse = Type.Object(
  {
    detail: Type.Array(
      Type.Object({
        type: Type.String(),
        loc: Type.Array(Type.Union([Type.String(), Type.Integer()])),
        msg: Type.String(),
        input: Type.Optional(Type.Unknown()),
        ctx: Type.Optional(Type.Object({}, { additionalProperties: true })),
      }),
    ),
  },
  { $id: 'HTTPValidationError' },
);

export const MessageResponse = Type.Object({ detail: Type.String() });

/** Standard error responses to merge into a route's `response` map (documentation only). */
export const errorResponses = {
  422: Type.Ref(ValidationErrorResponse),
};
