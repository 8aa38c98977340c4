import { useAtomValue } from 'jotai';
import { ToastRegion } from '@caucus/design-system';
import { caucusStore } from '../store';
import { dismissToast, toastsAtom } from './state';

export type ToasterProps = {
  /** Accessible name of the notification region. */
  label?: string;
};

/** Renders the toasts raised with `toast.*()` (the shared store) in the design system's region. */
export function Toaster({ label }: ToasterProps) {
  const toasts = useAtomValue(toastsAtom, { store: caucusStore });
  return <ToastRegion toasts={toasts} onDismiss={dismissToast} label={label} />;
}
