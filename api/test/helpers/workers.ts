import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/** The Redis the worker tests use; they fail (not skip) when it is not reachable. */
export const REDIS_URL = process.env.REDIS_TEST_URL || process.env.REDIS_URL || 'redis://127.0.0.1:6379';

export function redisReachable(): Promise<boolean> {
  const url = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = net.connect(Number(url.port || 6379), url.hostname, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.setTimeout(1000, () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const spawned: ChildProcess[] = [];

/**
 * A real worker process (src/worker.ts) on REDIS_URL with jobs under `prefix`, stalled jobs taken
 * over after 1.5 s; `env` adds its settings and the database's (TestDb.env). Only its stderr may be
 * shown. killWorkers() ends every one still running.
 */
export function spawnWorker(prefix: string, env: Record<string, string | undefined>, stderr: 'ignore' | 'inherit' = 'ignore'): ChildProcess {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/worker.ts'], {
    cwd: path.resolve(__dirname, '../..'),
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      REDIS_URL,
      JOBS_PREFIX: prefix,
      JOBS_STALLED_MS: '1500',
      SEED_DEMO: 'false',
      ...env,
    },
    stdio: ['ignore', 'ignore', stderr],
  });
  spawned.push(child);
  return child;
}

/** SIGKILL (no cleanup) to every worker spawnWorker() started that is still running. */
export function killWorkers(): void {
  for (const child of spawned) if (child.exitCode === null) child.kill('SIGKILL');
}

/** Reads until `done` says yes; throws with the last value read after `timeoutMs`. */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number, intervalMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
