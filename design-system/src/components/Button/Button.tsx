import type { AnchorHTMLAttributes, ButtonHTMLAttributes, MouseEvent, ReactNode, Ref } from 'react';
import { cx } from '../../utils/cx';
import { Spinner } from '../Spinner';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

type CommonProps = {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, sets aria-busy and blocks clicks until the work finishes. */
  loading?: boolean;
  fullWidth?: boolean;
  icon?: ReactNode;
  children?: ReactNode;
};

type NativeButtonProps = CommonProps & ButtonHTMLAttributes<HTMLButtonElement> & { href?: undefined; ref?: Ref<HTMLButtonElement> };

type LinkButtonProps = CommonProps & AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; disabled?: boolean; ref?: Ref<HTMLAnchorElement> };

export type ButtonProps = NativeButtonProps | LinkButtonProps;

/** The button look for elements the design system does not render itself (e.g. a router Link). */
export function buttonClassName({ variant = 'primary', size = 'md', fullWidth = false }: Pick<CommonProps, 'variant' | 'size' | 'fullWidth'> = {}): string {
  return cx(styles.button, styles[variant], styles[size], fullWidth && styles.fullWidth);
}

export function Button(props: ButtonProps) {
  const { variant, size, loading = false, fullWidth, icon, children, className } = props;
  const classes = cx(buttonClassName({ variant, size, fullWidth }), loading && styles.loading, className);
  const content = (
    <>
      {loading ? (
        <Spinner size="sm" label={null} />
      ) : icon ? (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      {children !== undefined && children !== null ? <span className={styles.label}>{children}</span> : null}
    </>
  );

  if (props.href !== undefined) {
    const { variant: _v, size: _s, loading: _l, fullWidth: _f, icon: _i, children: _c, className: _cn, disabled, onClick, ...anchor } = props;
    const inert = disabled || loading;
    const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
      if (inert) {
        event.preventDefault();
        return;
      }
      onClick?.(event);
    };
    return (
      <a
        {...anchor}
        href={anchor.href}
        className={classes}
        aria-disabled={inert || undefined}
        aria-busy={loading || undefined}
        tabIndex={inert ? -1 : anchor.tabIndex}
        onClick={handleClick}
      >
        {content}
      </a>
    );
  }

  const { variant: _v, size: _s, loading: _l, fullWidth: _f, icon: _i, children: _c, className: _cn, type, disabled, ...button } = props;
  return (
    <button {...button} type={type ?? 'button'} className={classes} disabled={disabled || loading} aria-busy={loading || undefined}>
      {content}
    </button>
  );
}
