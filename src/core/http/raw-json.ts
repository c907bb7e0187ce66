/**
 * Serializing responses that embed JSON already stored as text (activity content) without
 * parsing and re-serializing it: the value is serialized natively with a placeholder for
 * each stored text, and the placeholders are then replaced by the texts as they are.
 */
import { randomBytes } from 'node:crypto';

export class RawJson {
  constructor(readonly text: string) {}
}

export function serializeWithRaw(value: unknown): string {
  const raws: string[] = [];
  // A random tag per call: text in the value cannot forge a placeholder it cannot guess.
  const tag = randomBytes(8).toString('hex');
  const json = JSON.stringify(value, (_key, item) => {
    if (item instanceof RawJson) {
      raws.push(item.text);
      return `\u0000${tag}:${raws.length - 1}`;
    }
    return item;
  });
  return json.replace(
    new RegExp(`"\\\\u0000${tag}:(\\d+)"`, 'g'),
    (_match, index: string) => raws[Number(index)],
  );
}
