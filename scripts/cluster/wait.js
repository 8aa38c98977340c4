const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A bound on a wait raced against something else: its timer does not keep the process alive once
 * the rest is done (a pending 30 s timer held the test process 30 s past its last test).
 */
const timeout = (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** Polls `check` (sync or async) until it returns something truthy, or fails naming `what`. */
async function waitFor(check, { timeoutMs = 60_000, intervalMs = 250, what = 'condition' } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(intervalMs);
  }
}

module.exports = { sleep, timeout, waitFor };
