export { Toggle } from './Toggle';
export type { ToggleProps } from './Toggle';
