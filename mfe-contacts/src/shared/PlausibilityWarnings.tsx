import { useEffect, useId, useRef, useState } from 'react';
import styles from './PlausibilityWarnings.module.css';

/**
 * Values allowed but rarely right (a date in the future, a gift over the largest FEC limit, a birth
 * date under 16 years ago): said next to the form, and saved once the user ticks that they are right.
 * `confirmed` is false while there are warnings and the box is not ticked; the form's submit asks
 * `attempt()`, which shows why it did not save and moves focus to the box.
 */
export function usePlausibility(warnings: string[]) {
  const [checked, setChecked] = useState(false);
  const [asked, setAsked] = useState(false);
  const key = warnings.join('|');
  const box = useRef<HTMLInputElement>(null);
  // Other warnings than the ones confirmed ask again.
  useEffect(() => {
    setChecked(false);
    setAsked(false);
  }, [key]);
  const confirmed = warnings.length === 0 || checked;
  return {
    confirmed,
    attempt(): boolean {
      if (confirmed) return true;
      setAsked(true);
      box.current?.focus();
      return false;
    },
    element:
      warnings.length > 0 ? <PlausibilityWarnings warnings={warnings} checked={checked} onChecked={setChecked} asked={asked && !checked} boxRef={box} /> : null,
  };
}

type Props = { warnings: string[]; checked: boolean; onChecked: (checked: boolean) => void; asked: boolean; boxRef: React.RefObject<HTMLInputElement | null> };

function PlausibilityWarnings({ warnings, checked, onChecked, asked, boxRef }: Props) {
  const errorId = useId();
  return (
    <div role="status" className={styles.box}>
      <strong>Check {warnings.length === 1 ? 'this value' : 'these values'}</strong>
      <ul className={styles.list}>
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
      <label className={styles.confirm}>
        <input
          ref={boxRef}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChecked(event.target.checked)}
          aria-describedby={asked ? errorId : undefined}
        />
        {warnings.length === 1 ? 'This value is right' : 'These values are right'}
      </label>
      {asked ? (
        <span id={errorId} className={styles.error}>
          Confirm the values above to save, or correct them.
        </span>
      ) : null}
    </div>
  );
}
