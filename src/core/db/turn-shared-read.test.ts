import { describe, expect, it } from 'vitest';
import { sharedWithinTurn } from './turn-shared-read.ts';

/** A read that records when it ran and answers with the value current at that moment. */
function countingRead() {
  const state = { value: 0, reads: 0 };
  const read = sharedWithinTurn(async (_executor: object, key: string) => {
    state.reads++;
    return `${key}:${state.value}`;
  });
  return { state, read };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('sharedWithinTurn', () => {
  it('gives the callers of one turn a single read, made after all of them asked', async () => {
    const { state, read } = countingRead();
    const executor = {};
    const first = read(executor, 'a');
    state.value = 1; // committed before the second caller asked: both must see it
    const second = read(executor, 'a');
    expect(await Promise.all([first, second])).toEqual(['a:1', 'a:1']);
    expect(state.reads).toBe(1);
  });

  it('reads again for a caller that comes after the read has started', async () => {
    const { state, read } = countingRead();
    const executor = {};
    const first = read(executor, 'a');
    await nextTurn();
    state.value = 2;
    const later = read(executor, 'a');
    expect(await first).toBe('a:0');
    expect(await later).toBe('a:2');
    expect(state.reads).toBe(2);
  });

  it('keeps keys and executors apart', async () => {
    const { state, read } = countingRead();
    const one = {};
    const other = {};
    const results = await Promise.all([read(one, 'a'), read(one, 'b'), read(other, 'a')]);
    expect(results).toEqual(['a:0', 'b:0', 'a:0']);
    expect(state.reads).toBe(3);
  });

  it('hands a failed read to every caller that shared it, and the next caller reads afresh', async () => {
    let fail = true;
    const read = sharedWithinTurn(async (_executor: object, key: string) => {
      if (fail) throw new Error(`no ${key}`);
      return key;
    });
    const executor = {};
    const shared = [read(executor, 'a'), read(executor, 'a')];
    for (const caller of shared) await expect(caller).rejects.toThrow('no a');
    fail = false;
    expect(await read(executor, 'a')).toBe('a');
  });
});
