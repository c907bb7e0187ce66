/**
 * Dispatched payloads are checked against the catalogue schema (spec §6 rule 8). A mismatch
 * is reported so it can be logged as a warning; it never blocks delivery.
 */
import { Value } from '@sinclair/typebox/value';
import { catalogue, isEventName } from '../../core/events/catalogue.ts';

const MAX_REPORTED = 10;

/** Human-readable differences between `data` and the event's schema; empty when it conforms. */
export function describePayloadDrift(event: string, data: unknown): string[] {
  if (!isEventName(event)) return [`"${event}" is not in the event catalogue`];
  const schema = catalogue[event].data;
  if (Value.Check(schema, data)) return [];
  const problems: string[] = [];
  for (const error of Value.Errors(schema, data)) {
    problems.push(`${error.path || '/'}: ${error.message}`);
    if (problems.length === MAX_REPORTED) break;
  }
  return problems;
}
