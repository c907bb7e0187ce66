/**
 * The live event catalogue as clients read it: for every event its category, description,
 * the product's compact `data_schema` (key → type name) and the full JSON Schema.
 */
import type { TSchema } from '@sinclair/typebox';
import { catalogue } from '../../core/events/catalogue.ts';

type Compact = string | { [key: string]: Compact };

/** `{user: {user_uuid: "string", …}, grade: "integer", emails: "list[string]"}` */
function compact(schema: TSchema): Compact {
  if (schema.anyOf)
    return compact((schema.anyOf as TSchema[]).find((s) => s.type !== 'null') ?? schema.anyOf[0]);
  if (schema.type === 'object') {
    return Object.fromEntries(
      Object.entries((schema.properties ?? {}) as Record<string, TSchema>).map(([k, v]) => [k, compact(v)]),
    );
  }
  if (schema.type === 'array') {
    const item = compact(schema.items as TSchema);
    return `list[${typeof item === 'string' ? item : 'object'}]`;
  }
  return String(schema.type ?? 'object');
}

export function catalogueView() {
  return {
    events: Object.fromEntries(
      Object.entries(catalogue).map(([name, definition]) => [
        name,
        {
          category: definition.category,
          description: definition.description,
          data_schema: compact(definition.data) as Record<string, unknown>,
          json_schema: JSON.parse(JSON.stringify(definition.data)) as Record<string, unknown>,
        },
      ]),
    ),
  };
}
