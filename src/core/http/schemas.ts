/** TypeBox building blocks shared by route schemas. */
import { type Static, type TSchema, Type } from '@sinclair/typebox';

/** A string enum rendered as `{"type":"string","enum":[...]}` (clean 422s and OpenAPI enums). */
export function StringEnum<const T extends readonly string[]>(
  values: T,
  options: Record<string, unknown> = {},
) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

const SCALARS = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * The schema or null. Scalars (string, number, integer, boolean, string enums) become one
 * `type` list rather than an anyOf: with the app's type coercion Ajv would turn null into
 * the first branch ("" / 0 / false), so "null keeps the value" would silently clear it.
 */
export function Nullable<T extends TSchema>(schema: T) {
  const { type, enum: values, ...rest } = schema as unknown as { type?: unknown; enum?: unknown[] };
  if (typeof type !== 'string' || !SCALARS.has(type)) return Type.Union([schema, Type.Null()]);
  return Type.Unsafe<Static<T> | null>({
    ...rest,
    type: [type, 'null'],
    ...(values ? { enum: [...values, null] } : {}),
  });
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
