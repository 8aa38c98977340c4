import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './helpers/freePort';

const apiDir = path.resolve(__dirname, '..');

/** `server.ts` end to end: migrate, seed the demo, listen, answer, stop on SIGTERM. */
it('starts on the embedded SQLite database, prints the demo login and shuts down gracefully', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caucus-server-'));
  const port = await freePort();
  const metricsPort = await freePort();
  // tsx's loader in this process, not its CLI: the CLI relays signals to a child process and, when
  // the child does not confirm within 30 ms (a busy machine), kills it and exits 143.
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      SQLITE_FILE: path.join(dir, 'caucus.sqlite'),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      NODE_ENV: 'production',
      TOTP_ENCRYPTION_KEY: 'k'.repeat(64),
      METRICS_PORT: String(metricsPort),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30000);
      child.stdout.on('data', () => {
        const match = /Caucus is running at (http:\/\/localhost:\d+)/.exec(output);
        if (match && output.includes('Demo login:')) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
    });
    expect(output).toContain('Demo login: demo@caucus.local / caucus-demo');

    const health = await fetch(`${url}/api/health`);
    expect(await health.json()).toEqual({ data: { status: 'ok' } });
    const loginRes = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'demo@caucus.local', password: 'caucus-demo' }),
    });
    expect(loginRes.status).toBe(200);

    // The metrics port (METRICS_PORT, on 127.0.0.1) has counted the sign-in, beside the process's own figures.
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(metrics).toMatch(/^caucus_http_requests_total\{method="POST",route="\/api\/auth\/login",status="200"\} 1$/m);
    expect(metrics).toMatch(/^caucus_process_cpu_seconds_total \d/m);
    expect(metrics).toMatch(/^caucus_nodejs_eventloop_lag_seconds \d/m);
    expect(metrics).toMatch(/^caucus_jobs\{state="waiting"\} 0$/m);

    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
