export { Button, buttonClassName } from './Button';
export type { ButtonProps, ButtonVariant, ButtonSize } from './Button';
