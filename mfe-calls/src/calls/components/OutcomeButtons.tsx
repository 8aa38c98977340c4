import { Button } from '@caucus/design-system';
import { OUTCOME_KEYS, type OutcomeKey } from '../utils/outcomes';
import styles from './CallerScreen.module.css';

type Props = { pending: OutcomeKey | null; disabled: boolean; onChoose: (choice: OutcomeKey) => void };

/** One big button per outcome, its key shown on it; the outcome chosen is pressed. */
export function OutcomeButtons({ pending, disabled, onChoose }: Props) {
  return (
    <div className={styles.outcomes}>
      {OUTCOME_KEYS.map((choice) => (
        <Button
          key={choice.outcome}
          type="button"
          size="lg"
          variant={pending?.outcome === choice.outcome ? 'primary' : choice.tone}
          aria-keyshortcuts={choice.key}
          aria-pressed={pending?.outcome === choice.outcome}
          disabled={disabled}
          onClick={() => onChoose(choice)}
          className={styles.outcome}
        >
          <kbd className={styles.kbd}>{choice.key}</kbd> {choice.label}
        </Button>
      ))}
    </div>
  );
}
