import { useAtomValue } from 'jotai';
import { caucusStore } from '../../store';
import { dismissToast, toastsAtom, type Toast, type ToastType } from '../../toasts/state';
import styles from './Toaster.module.css';

const ICONS: Record<ToastType, string> = { success: '✓', error: '✕', warning: '!', info: 'i' };

export type ToastItemProps = {
  toast: Toast;
  onDismiss: (id: number) => void;
};

/** One toast. Errors and warnings interrupt (role alert); the rest wait politely (role status). */
export function ToastItem({ toast, onDismiss }: ToastItemProps) {
  const urgent = toast.type === 'error' || toast.type === 'warning';
  return (
    <div
      className={`${styles.toast} ${styles[toast.type]}`}
      role={urgent ? 'alert' : 'status'}
      aria-live={urgent ? 'assertive' : 'polite'}
      aria-atomic="true"
      data-toast-id={toast.id}
    >
      <span className={styles.icon} aria-hidden="true">
        {ICONS[toast.type]}
      </span>
      <div className={styles.content}>
        <p className={styles.title}>{toast.title}</p>
        {toast.message ? <p className={styles.message}>{toast.message}</p> : null}
      </div>
      <button type="button" className={styles.close} aria-label="Close notification" onClick={() => onDismiss(toast.id)}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

export type ToasterProps = {
  /** Accessible name of the notification region. */
  label?: string;
};

/** Renders the toasts raised with `toast.*()` (shared store), bottom-left: clear of the primary buttons (see the CSS). */
export function Toaster({ label = 'Notifications' }: ToasterProps) {
  const toasts = useAtomValue(toastsAtom, { store: caucusStore });
  return (
    <section className={styles.region} aria-label={label}>
      {toasts.map((item) => (
        <ToastItem key={item.id} toast={item} onDismiss={dismissToast} />
      ))}
    </section>
  );
}
