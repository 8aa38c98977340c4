/** Runs at most `size` tasks at once; the others start in the order they came. */
export function createGate(size: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (task) => {
    if (running < size) running += 1;
    // A finishing task hands its place straight to the next one, so `running` stays counted.
    else await new Promise<void>((start) => waiting.push(start));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
