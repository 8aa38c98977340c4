export { ToastRegion, ToastItem } from './Toaster';
export type { ToastRegionProps, ToastItemProps, ToastMessage, ToastType } from './Toaster';
