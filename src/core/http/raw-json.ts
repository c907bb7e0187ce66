/**
 * Serializing responses that embed JSON already stored as text (activity content) without
 * parsing and re-serializing it: the stored text is spliced in as it is. Everything else
 * is serialized normally.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

export function serializeWithRaw(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(serializeWithRaw).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const parts: string[] = [];
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined) continue;
      parts.push(`${JSON.stringify(key)}:${serializeWithRaw(item)}`);
    }
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
