export { FormToggle } from './FormToggle';
export type { FormToggleProps } from './FormToggle';
