export { StandaloneHarness } from './StandaloneHarness';
export type { StandaloneHarnessProps } from './StandaloneHarness';
export { mountStandalone, standaloneRoutes } from './mountStandalone';
export type { MountStandaloneOptions, StandaloneOptions } from './mountStandalone';
