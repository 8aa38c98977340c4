export { Toaster, ToastItem } from './Toaster';
export type { ToasterProps, ToastItemProps } from './Toaster';
