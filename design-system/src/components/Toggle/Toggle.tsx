import { useId, useState, type ReactNode } from 'react';
import { cx } from '../../utils/cx';
import styles from './Toggle.module.css';

export type ToggleProps = {
  label: ReactNode;
  description?: ReactNode;
  /** Controlled state; leave undefined and use defaultChecked for an uncontrolled toggle. */
  checked?: boolean;
  defaultChecked?: boolean;
  onChange?: (checked: boolean) => void;
  disabled?: boolean;
  id?: string;
  name?: string;
  className?: string;
};

export function Toggle({ label, description, checked, defaultChecked = false, onChange, disabled, id: givenId, name, className }: ToggleProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const [internal, setInternal] = useState(defaultChecked);
  const on = checked ?? internal;

  const handleClick = () => {
    if (disabled) return;
    if (checked === undefined) setInternal(!on);
    onChange?.(!on);
  };

  return (
    <div className={cx(styles.field, className)}>
      <button
        type="button"
        role="switch"
        id={id}
        name={name}
        aria-checked={on}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-description` : undefined}
        disabled={disabled}
        className={cx(styles.track, on && styles.on)}
        onClick={handleClick}
      >
        <span className={styles.thumb} aria-hidden="true" />
      </button>
      <div className={styles.text}>
        <label id={`${id}-label`} htmlFor={id} className={cx(styles.label, disabled && styles.disabled)}>
          {label}
        </label>
        {description ? (
          <p id={`${id}-description`} className={styles.description}>
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
}
