import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { catalogue, EVENT_NAMES, SUBSCRIBABLE_EVENTS } from './catalogue.ts';
import { emit } from './emit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('events outbox', () => {
  it('a rolled-back transaction leaves no event', async () => {
    const before = await t.db.selectFrom('outbox_events').select('id').execute();
    await expect(
      t.db.transaction().execute(async (trx) => {
        await emit(trx, 1, 'course_deleted', { course_uuid: 'course_x', name: 'Gone' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const after = await t.db.selectFrom('outbox_events').select('id').execute();
    expect(after).toHaveLength(before.length);
  });

  it('a committed transaction leaves exactly one event with its data', async () => {
    await t.db.transaction().execute(async (trx) => {
      await emit(trx, 7, 'course_created', { course_uuid: 'course_abc', name: 'Intro', org_id: 7 });
    });
    const rows = await t.db
      .selectFrom('outbox_events')
      .selectAll()
      .where('event', '=', 'course_created')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].org_id).toBe(7);
    expect(JSON.parse(rows[0].data)).toEqual({ course_uuid: 'course_abc', name: 'Intro', org_id: 7 });
    expect(rows[0].dispatched_ms).toBeNull();
    expect(new Date(rows[0].occurred_at).toString()).not.toBe('Invalid Date');
  });

  it('the catalogue holds the 39 spec events plus folder events, each with category, description and schema', () => {
    expect(EVENT_NAMES).toHaveLength(42);
    expect(SUBSCRIBABLE_EVENTS).not.toContain('ping');
    for (const name of ['folder_created', 'folder_updated', 'folder_deleted', 'collection_created']) {
      expect(EVENT_NAMES).toContain(name);
    }
    for (const definition of Object.values(catalogue)) {
      expect(definition.category).toBeTruthy();
      expect(definition.description).toBeTruthy();
      expect(definition.data.type).toBe('object');
    }
  });
});
