import type { Root } from 'react-dom/client';
import type { MountStandaloneOptions } from './mountStandalone';

/**
 * A remote's `bootstrap.tsx` when it runs on its own (`npm run dev -w <remote>`). The harness (its
 * router, providers, frame and dev login) loads from here, in a chunk of its own: the session entry
 * is a federation singleton every dashboard loads, and a shared module keeps all it holds
 * (ADR 0014), so the harness must not be in it.
 */
export function mountStandalone(options: MountStandaloneOptions): Promise<Root> {
  return import('./mountStandalone').then((harness) => harness.mountStandalone(options));
}
