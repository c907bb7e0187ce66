import { describe, expect, it } from 'vitest';
import { describePayloadDrift } from './payload-drift.ts';

describe('describePayloadDrift', () => {
  it('is empty for a conforming payload, extra keys included', () => {
    expect(describePayloadDrift('course_deleted', { course_uuid: 'course_1', name: 'A', extra: 1 })).toEqual(
      [],
    );
  });

  it('names missing keys and wrong types', () => {
    const drift = describePayloadDrift('course_created', { course_uuid: 'course_1', org_id: 'one' });
    expect(drift.join('\n')).toMatch(/\/org_id/);
    expect(drift.join('\n')).toMatch(/\/name/);
  });

  it('reports an event that is not in the catalogue', () => {
    expect(describePayloadDrift('made_up', {})).toEqual(['"made_up" is not in the event catalogue']);
  });
});
