interface Waiter<V> {
  resolve(value: V | undefined): void;
  reject(error: unknown): void;
}

/**
 * Reads by key in batches: the keys asked for while a read is under way are read together by the next
 * one, which starts as soon as that read ends. Under load, many requests share one query; on a quiet
 * instance each key is read at once. An answer always comes from a read that began after it was asked for,
 * so it is never older than the request.
 */
export function batchedRead<K, V>(
  read: (keys: K[]) => Promise<Map<K, V>>,
): (key: K) => Promise<V | undefined> {
  let waiting = new Map<K, Waiter<V>[]>();
  let reading = false;

  const next = () => {
    if (reading || waiting.size === 0) return;
    const batch = waiting;
    waiting = new Map();
    reading = true;
    read([...batch.keys()])
      .then(
        (values) => {
          for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(values.get(key));
        },
        (error: unknown) => {
          for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
        },
      )
      .finally(() => {
        reading = false;
        next();
      });
  };

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      const waiters = waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
      next();
    });
}
