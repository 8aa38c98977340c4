export { TextField, textFieldStateClassNames } from './TextField';
export type { TextFieldProps } from './TextField';
