import { createGate } from './gate';

describe('createGate', () => {
  test('runs at most `size` tasks at once, the others in the order they came, whether they succeed or fail', async () => {
    const gated = createGate(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const finish: Array<() => void> = [];
    const task = (n: number) => () => {
      started.push(n);
      running += 1;
      most = Math.max(most, running);
      return new Promise<number>((resolve, reject) =>
        finish.push(() => {
          running -= 1;
          if (n === 1) reject(new Error('failed'));
          else resolve(n);
        }),
      );
    };
    const results = [1, 2, 3, 4, 5].map((n) => gated(task(n)).catch((err: Error) => err.message));
    const settle = async () => {
      await new Promise((resolve) => setImmediate(resolve));
      finish.shift()?.();
    };
    for (let i = 0; i < 5; i += 1) await settle();
    expect(await Promise.all(results)).toEqual(['failed', 2, 3, 4, 5]);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    // Everything finished: the gate is open again for two at once.
    const again = [gated(task(6)), gated(task(7))];
    await new Promise((resolve) => setImmediate(resolve));
    expect(running).toBe(2);
    finish.splice(0).forEach((done) => done());
    expect(await Promise.all(again)).toEqual([6, 7]);
  });
});
