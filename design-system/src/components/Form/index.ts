export { Form, useBoundField } from './Form';
export type { FormProps } from './Form';
