import { describe, expect, it } from 'vitest';
import { describePayloadDrift } from './payload-drift.ts';

describe('describePayloadDrift', () => {
  it('is empty for a conforming payload, extra keys included', () => {
    expect(describePayloadDrift('course_deleted', { course_uuid: 'course_1', name: 'A', extra: 1 })).toEqual(
      [],
    );
  });

  it('names missing keys and wrong types', () => {
    const drift = describePayloadDrift('assignment_graded', { user_id: 'one', assignment_uuid: 'a' });
    expect(drift.join('\n')).toMatch(/\/user_id/);
    expect(drift.join('\n')).toMatch(/course_uuid|grade/);
  });

  it('reports an event that is not in the catalogue', () => {
    expect(describePayloadDrift('made_up', {})).toEqual(['"made_up" is not in the event catalogue']);
  });
});
