import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { cx } from '../../utils/cx';
import styles from './TextField.module.css';

type FieldProps = {
  label: ReactNode;
  hint?: ReactNode;
  /** Shown under the field, announced with it, and marks it aria-invalid. */
  error?: ReactNode;
  /** Keeps the label for assistive tech only (e.g. a search box with a placeholder). */
  hideLabel?: boolean;
  className?: string;
};

type InputProps = FieldProps & { multiline?: false; ref?: Ref<HTMLInputElement> } & Omit<InputHTMLAttributes<HTMLInputElement>, 'className'>;

type TextareaProps = FieldProps & { multiline: true; ref?: Ref<HTMLTextAreaElement> } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'>;

export type TextFieldProps = InputProps | TextareaProps;

/**
 * The classes TextField gives an invalid control and its message, for markup drawn without React
 * (the prerendered sign-in page's island, ADR 0014).
 */
export const textFieldStateClassNames: { invalid: string; error: string } = { invalid: styles.invalid, error: styles.error };

export function TextField(props: TextFieldProps) {
  const generatedId = useId();
  const id = props.id ?? generatedId;
  const hintId = props.hint ? `${id}-hint` : undefined;
  const errorId = props.error ? `${id}-error` : undefined;
  const describedBy = [props['aria-describedby'], hintId, errorId].filter(Boolean).join(' ') || undefined;
  const invalid = Boolean(props.error) || props['aria-invalid'] === true || props['aria-invalid'] === 'true';

  const label = (
    <label htmlFor={id} className={cx(styles.label, props.hideLabel && styles.srOnly)}>
      {props.label}
      {props.required ? (
        <span className={styles.required} aria-hidden="true">
          {' '}
          *
        </span>
      ) : null}
    </label>
  );

  let control: ReactNode;
  if (props.multiline) {
    const { label: _l, hint: _h, error: _e, hideLabel: _hl, className: _c, multiline: _m, ...textarea } = props;
    control = (
      <textarea
        {...textarea}
        id={id}
        className={cx(styles.control, styles.textarea, invalid && styles.invalid)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        rows={textarea.rows ?? 4}
      />
    );
  } else {
    const { label: _l, hint: _h, error: _e, hideLabel: _hl, className: _c, multiline: _m, ...input } = props;
    control = (
      <input
        {...input}
        id={id}
        type={input.type ?? 'text'}
        className={cx(styles.control, invalid && styles.invalid)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      />
    );
  }

  return (
    <div className={cx(styles.field, props.className)}>
      {label}
      {control}
      {props.hint ? (
        <p id={hintId} className={styles.hint}>
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={errorId} className={styles.error}>
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
