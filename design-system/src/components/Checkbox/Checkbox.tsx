import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cx } from '../../utils/cx';
import styles from './Checkbox.module.css';

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> & {
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  className?: string;
  ref?: Ref<HTMLInputElement>;
};

export function Checkbox({ label, description, error, className, id: givenId, ...input }: CheckboxProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [input['aria-describedby'], descriptionId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx(styles.field, className)}>
      <div className={styles.row}>
        <input {...input} id={id} type="checkbox" className={styles.input} aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
        <label htmlFor={id} className={cx(styles.label, input.disabled && styles.disabled)}>
          {label}
        </label>
      </div>
      {description ? (
        <p id={descriptionId} className={styles.description}>
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
