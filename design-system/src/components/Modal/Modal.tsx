import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { cx } from '../../utils/cx';
import { getFocusable } from '../../utils/focusable';
import styles from './Modal.module.css';

export type ModalSize = 'sm' | 'md' | 'lg' | 'xl';

export type ModalProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Action buttons, right-aligned under the body. */
  footer?: ReactNode;
  size?: ModalSize;
  closeOnBackdropClick?: boolean;
  /** Element to focus on open; by default the first focusable element of the body. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  className?: string;
};

export function Modal(props: ModalProps) {
  if (!props.open || typeof document === 'undefined') return null;
  return createPortal(<ModalDialog {...props} />, document.body);
}

function ModalDialog({ onClose, title, description, children, footer, size = 'md', closeOnBackdropClick = true, initialFocusRef, className }: ModalProps) {
  const titleId = useId();
  const descriptionId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    const target = initialFocusRef?.current ?? (bodyRef.current ? getFocusable(bodyRef.current)[0] : undefined) ?? dialog ?? undefined;
    target?.focus();

    // The page behind must not scroll under the dialog.
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      // Give focus back where the user was, as long as that element still exists.
      if (previouslyFocused && previouslyFocused.isConnected) previouslyFocused.focus();
    };
    // Runs once per opening; initialFocusRef is read only at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- not again when the caller's ref changes
  }, []);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = getFocusable(dialogRef.current);
    if (focusable.length === 0) {
      event.preventDefault();
      dialogRef.current.focus();
      return;
    }
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const handleBackdropMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    // Only a press that starts on the backdrop itself closes, not a text selection dragged out of the dialog.
    if (closeOnBackdropClick && event.target === event.currentTarget) onCloseRef.current();
  };

  return (
    // A press on the backdrop is the mouse's way to close; the keyboard's is Escape (handled on the dialog).
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div className={styles.backdrop} onMouseDown={handleBackdropMouseDown} data-testid="modal-backdrop">
      {/* The dialog keeps Tab inside it and closes on Escape: its keyboard handler is the dialog's own. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={cx(styles.dialog, styles[size], className)}
        onKeyDown={handleKeyDown}
        // React bubbles events through portals along the component tree: a form inside the
        // dialog would otherwise also submit a form the dialog was opened from.
        onSubmit={(event) => event.stopPropagation()}
      >
        <header className={styles.header}>
          <div>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className={styles.description}>
                {description}
              </p>
            ) : null}
          </div>
          <button type="button" className={styles.close} aria-label="Close dialog" onClick={() => onCloseRef.current()}>
            <span aria-hidden="true">×</span>
          </button>
        </header>
        <div ref={bodyRef} className={styles.body}>
          {children}
        </div>
        {footer ? <footer className={styles.footer}>{footer}</footer> : null}
      </div>
    </div>
  );
}
