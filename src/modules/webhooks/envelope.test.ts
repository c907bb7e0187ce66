import { describe, expect, it } from 'vitest';
import { newDeliveryId, serializeEnvelope } from './envelope.ts';

describe('envelope', () => {
  it('delivery ids are dlv_ + 16 lowercase hex', () => {
    expect(newDeliveryId()).toMatch(/^dlv_[0-9a-f]{16}$/);
    expect(newDeliveryId()).not.toBe(newDeliveryId());
  });

  it('is compact JSON with keys in spec order and a UTC timestamp to the second', () => {
    const body = serializeEnvelope({
      event: 'course_created',
      deliveryId: 'dlv_0123456789abcdef',
      occurredAt: '2026-11-22T10:00:00.789Z',
      orgId: 7,
      data: { course_uuid: 'course_1', name: 'Intro à Node', org_id: 7 },
    });
    expect(body).toBe(
      '{"event":"course_created","delivery_id":"dlv_0123456789abcdef","timestamp":"2026-11-22T10:00:00Z",' +
        '"org_id":7,"data":{"course_uuid":"course_1","name":"Intro à Node","org_id":7}}',
    );
  });
});
