/**
 * One read shared by the requests that need it at the same moment (the course row behind
 * every read of a popular course tree). Every caller that asks for the same key before the
 * read has started gets the same result, and the read starts only once the current
 * event-loop turn is over (setImmediate), after every request that arrived in that turn has
 * asked: each caller still sees everything committed before it asked. A caller that comes
 * after the read has started waits for a fresh one.
 */
export function sharedWithinTurn<E extends object, K, V>(
  read: (executor: E, key: K) => Promise<V>,
): (executor: E, key: K) => Promise<V> {
  // Per executor: another database (or a transaction) never shares a read with this one.
  const pendingOf = new WeakMap<E, Map<K, Promise<V>>>();
  return (executor, key) => {
    let pending = pendingOf.get(executor);
    if (!pending) {
      pending = new Map();
      pendingOf.set(executor, pending);
    }
    let shared = pending.get(key);
    if (!shared) {
      const batch = pending;
      shared = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        batch.delete(key);
        return read(executor, key);
      });
      pending.set(key, shared);
    }
    return shared;
  };
}
