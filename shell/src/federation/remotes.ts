// The one door to Module Federation in the shell. Everything that loads a remote goes through
// here, so unit tests replace this module and nothing else (docs/design.md, Unit tests mock
// the federation boundary).
import type { ComponentType } from 'react';
import { init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import remoteModules from './remoteModules.json';
import { fetchWithRetry } from './retry';

export const REMOTE_NAMES = [
  'mfe_marketing',
  'mfe_contacts',
  'mfe_lists',
  'mfe_campaigns',
  'mfe_events',
  'mfe_data',
  'mfe_communication',
  'mfe_calls',
  'mfe_financials',
] as const;

export type RemoteName = (typeof REMOTE_NAMES)[number];

/**
 * Every module the shell loads from each remote. The shell build ships this file
 * (dist/remote-modules.json), and the deploy of a remote refuses a build that does not expose one of
 * them (scripts/lib/federationContract.js), so add a module here before loading it.
 */
export const REMOTE_MODULES: Readonly<Record<RemoteName, readonly string[]>> = remoteModules;

function assertDeclared(remote: RemoteName, module: string): void {
  if (!REMOTE_MODULES[remote].includes(`./${module}`)) {
    throw new Error(`${remote}/${module} is not declared in shell/src/federation/remoteModules.json`);
  }
}

/** remotes.json: federation name -> manifest URL (ADR 0001). */
export type RemotesConfig = Record<string, string>;

export const REMOTES_CONFIG_URL = '/remotes.json';

/** Reads remotes.json; never cached, so a deploy is picked up on the next page load. */
export async function fetchRemotesConfig(fetchImpl: typeof fetch = (...args) => fetch(...args)): Promise<RemotesConfig> {
  const response = await fetchWithRetry(REMOTES_CONFIG_URL, { cache: 'no-store', headers: { Accept: 'application/json' } }, undefined, fetchImpl);
  if (!response.ok) throw new Error(`${REMOTES_CONFIG_URL} answered HTTP ${response.status}`);
  const body: unknown = await response.json();
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new Error(`${REMOTES_CONFIG_URL} must be an object of federation name -> manifest URL`);
  }
  const config: RemotesConfig = {};
  for (const [name, entry] of Object.entries(body)) {
    // A malformed line must not take the other remotes down with it.
    if (/^[A-Za-z_$][\w$]*$/.test(name) && typeof entry === 'string' && entry.trim()) config[name] = entry.trim();
  }
  return config;
}

const registeredEntries = new Map<string, string>();

/** Registers the remotes with the federation runtime (manifest entries, as deployed). */
export function registerRemotesConfig(config: RemotesConfig): void {
  // The build plugin already created the 'shell' instance; init() returns it and binds the
  // runtime API (registerRemotes, loadRemote) to it.
  init({ name: 'shell', remotes: [] });
  const added = Object.entries(config).filter(([name]) => !registeredEntries.has(name));
  // Overriding drops the runtime's cache of that remote, so only a remote whose deploy changed is.
  const changed = Object.entries(config).filter(([name, entry]) => registeredEntries.has(name) && registeredEntries.get(name) !== entry);
  if (added.length > 0) registerRemotes(added.map(([name, entry]) => ({ name, entry })));
  if (changed.length > 0)
    registerRemotes(
      changed.map(([name, entry]) => ({ name, entry })),
      { force: true },
    );
  for (const [name, entry] of [...added, ...changed]) registeredEntries.set(name, entry);
}

let registration: Promise<RemotesConfig> | null = null;

/**
 * Fetches and registers remotes.json once. A failure is not cached, so the next section load
 * (or the Retry button) tries again.
 */
export function ensureRemotesRegistered(fetchImpl?: typeof fetch): Promise<RemotesConfig> {
  if (!registration) {
    registration = fetchRemotesConfig(fetchImpl).then(
      (config) => {
        registerRemotesConfig(config);
        return config;
      },
      (error: unknown) => {
        registration = null;
        throw error;
      },
    );
  }
  return registration;
}

/** For tests: forget the registration so the next call fetches remotes.json again. */
export function resetRemotesRegistration(): void {
  registration = null;
}

type SectionModule = { Section?: ComponentType; default?: ComponentType };

/** Loads `<remote>/Section` in the shape React.lazy expects. */
export async function loadSection(remote: RemoteName): Promise<{ default: ComponentType }> {
  const config = await ensureRemotesRegistered();
  if (!config[remote]) throw new Error(`${remote} is not deployed (missing from ${REMOTES_CONFIG_URL})`);
  assertDeclared(remote, 'Section');
  const module = await loadRemote<SectionModule>(`${remote}/Section`);
  const Section = module?.Section ?? module?.default;
  if (!Section) throw new Error(`${remote}/Section did not export a Section component`);
  return { default: Section };
}

/** The small components a remote exposes for the dashboard home (docs/design.md, Micro-frontends). */
export type WidgetName = 'CalendarWidget' | 'PerformanceWidget';

type WidgetModule = Record<string, unknown>;

function isComponent(value: unknown): value is ComponentType<object> {
  // memo() and forwardRef() components are objects, plain ones functions.
  return typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);
}

/** Loads `<remote>/<widget>` in the shape React.lazy expects (named export, else default). */
export async function loadWidget(remote: RemoteName, widget: WidgetName): Promise<{ default: ComponentType<object> }> {
  const config = await ensureRemotesRegistered();
  if (!config[remote]) throw new Error(`${remote} is not deployed (missing from ${REMOTES_CONFIG_URL})`);
  assertDeclared(remote, widget);
  const module = await loadRemote<WidgetModule>(`${remote}/${widget}`);
  const Widget = module?.[widget] ?? module?.default;
  if (!isComponent(Widget)) throw new Error(`${remote}/${widget} did not export a ${widget} component`);
  return { default: Widget };
}
