/**
 * Task `contents` and learner `task_submission` are caller-owned JSON, so graders read them defensively:
 * a value of the wrong shape counts as absent instead of throwing.
 */

export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function objectOrEmpty(value: unknown): JsonObject {
  return isJsonObject(value) ? value : {};
}

export function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
