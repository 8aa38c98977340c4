import styles from './Toaster.module.css';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

/** What a toast shows. The app's toasts (raised with `toast.*()`) live in @caucus/platform. */
export type ToastMessage = {
  id: number;
  type: ToastType;
  title: string;
  message?: string;
  /** Milliseconds before the toast leaves by itself; 0 keeps it until closed. */
  duration: number;
};

const ICONS: Record<ToastType, string> = { success: '✓', error: '✕', warning: '!', info: 'i' };

export type ToastItemProps = {
  toast: ToastMessage;
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

export type ToastRegionProps = {
  toasts: ToastMessage[];
  onDismiss: (id: number) => void;
  /** Accessible name of the notification region. */
  label?: string;
};

/** The toasts, bottom-left: clear of the primary buttons (see the CSS). */
export function ToastRegion({ toasts, onDismiss, label = 'Notifications' }: ToastRegionProps) {
  return (
    <section className={styles.region} aria-label={label}>
      {toasts.map((item) => (
        <ToastItem key={item.id} toast={item} onDismiss={onDismiss} />
      ))}
    </section>
  );
}
