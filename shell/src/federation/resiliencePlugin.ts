// Federation runtime plugin of the shell (docs/design.md, Load failures): retries manifest fetches and
// remote entry scripts, bounds how long a script may hang, and reports what finally failed. It
// never substitutes a fallback module: the failure reaches RemoteSection's error boundary, which
// shows the section as unavailable with a Retry button.
//
// @module-federation/retry-plugin is not used: its newest release (0.17.1) is built against
// @module-federation/sdk 0.17, while this repository runs the 2.9.2 runtime, so it would bring a
// second SDK copy and hooks that no longer match.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { DEFAULT_RETRY, backoffMs, delay, fetchWithRetry, type RetryOptions } from './retry';

/** A remote entry that has not loaded by then is treated as failed (the runtime's default is 20 s). */
export const SCRIPT_TIMEOUT_MS = 15_000;

export type ResiliencePluginOptions = {
  retry?: RetryOptions;
  scriptTimeoutMs?: number;
  fetchImpl?: typeof fetch;
  onFailure?: (failure: { id: string; lifecycle: string; error: unknown }) => void;
};

function reportFailure(failure: { id: string; lifecycle: string; error: unknown }): void {
  const message = failure.error instanceof Error ? failure.error.message : String(failure.error);
  console.warn(`[caucus] remote "${failure.id}" failed to load (${failure.lifecycle}): ${message}`);
}

type LoadEntryErrorHook = NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>;
type LoadEntryErrorArgs = Parameters<LoadEntryErrorHook>[0];

async function retryRemoteEntry({ getRemoteEntry, origin, remoteInfo, remoteEntryExports, globalLoading, uniqueKey }: LoadEntryErrorArgs, retry: RetryOptions) {
  for (let attempt = 1; attempt < retry.attempts; attempt += 1) {
    await delay(backoffMs(attempt - 1, retry));
    // The failed load is still registered under this key; without removing it the retry would
    // wait on itself.
    delete globalLoading[uniqueKey];
    try {
      const exports = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports });
      if (exports) return exports;
    } catch {
      // Next attempt; the final failure is reported by errorLoadRemote.
    }
  }
  return undefined;
}

export function createResiliencePlugin(options: ResiliencePluginOptions = {}): ModuleFederationRuntimePlugin {
  const retry = options.retry ?? DEFAULT_RETRY;
  const scriptTimeoutMs = options.scriptTimeoutMs ?? SCRIPT_TIMEOUT_MS;
  const onFailure = options.onFailure ?? reportFailure;

  return {
    name: 'caucus-resilience-plugin',

    // Manifests (mf-manifest.json) are fetched through this hook.
    fetch(url, init) {
      return fetchWithRetry(url, init, retry, options.fetchImpl);
    },

    createScript({ url, attrs }) {
      if (typeof document === 'undefined') return undefined;
      const script = document.createElement('script');
      script.type = attrs?.type === 'module' ? 'module' : 'text/javascript';
      for (const [name, value] of Object.entries(attrs ?? {})) {
        if (name === 'type') continue;
        if (name === 'async' || name === 'defer') script[name] = Boolean(value);
        else script.setAttribute(name, String(value));
      }
      script.src = url;
      return { script, timeout: scriptTimeoutMs };
    },

    // Called when the remote entry script failed for a network reason (not when it threw).
    loadEntryError(args) {
      // The hook's declared result nests a promise; the runtime simply awaits what comes back.
      return retryRemoteEntry(args, retry) as unknown as ReturnType<LoadEntryErrorHook>;
    },

    async errorLoadRemote({ id, error, lifecycle }) {
      onFailure({ id, lifecycle, error });
      return undefined;
    },
  };
}

// Build-time runtimePlugins entries are modules whose default export creates the plugin.
export default function resiliencePlugin(): ModuleFederationRuntimePlugin {
  return createResiliencePlugin();
}
