/** TypeBox building blocks shared by route schemas. */
import { type Static, type TSchema, Type } from '@sinclair/typebox';

/** A string enum rendered as `{"type":"string","enum":[...]}` (clean 422s and OpenAPI enums). */
export function StringEnum<const T extends readonly string[]>(
  values: T,
  options: Record<string, unknown> = {},
) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * A scalar (string, number, integer, boolean, string enum) or null in a request schema, as
 * one `type` list. Nullable's anyOf does not survive the app's type coercion: Ajv coerces
 * null into the first branch ("" / 0 / false), so "null keeps the value" would become "clear it".
 */
export function NullableScalar<T extends TSchema>(schema: T) {
  const { type, enum: values, ...rest } = schema as unknown as { type: string; enum?: unknown[] };
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
