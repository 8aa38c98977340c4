// Entry `@caucus/design-system/form`: fields bound to react-hook-form. A separate entry (shared like
// the main one) so that pages without a form - the dashboard's first paint - never load react-hook-form.
export { Form, useBoundField } from '../components/Form';
export type { FormProps } from '../components/Form';
export { FormTextField } from '../components/FormTextField';
export type { FormTextFieldProps } from '../components/FormTextField';
export { FormSelect } from '../components/FormSelect';
export type { FormSelectProps } from '../components/FormSelect';
export { FormCheckbox } from '../components/FormCheckbox';
export type { FormCheckboxProps } from '../components/FormCheckbox';
export { FormToggle } from '../components/FormToggle';
export type { FormToggleProps } from '../components/FormToggle';
