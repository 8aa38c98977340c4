import { Button, TextField } from '@caucus/design-system';
import type { Prospect } from '@caucus/contract';
import type { CallOutcomeState } from '../hooks/useCallOutcome';
import { CallDetails } from './CallDetails';
import { OutcomeButtons } from './OutcomeButtons';
import styles from './CallerScreen.module.css';

type Props = { prospect: Prospect; call: CallOutcomeState };

/** The panel beside the prospect: the outcome, its details, the notes, Save and Cancel, the keys. */
export function CallPanel({ prospect, call }: Props) {
  const { pending, values, errors, saving, setField } = call;
  return (
    <form
      className={styles.panel}
      aria-label="Log the call"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        call.save();
      }}
    >
      <h2 className={styles.panelTitle}>Outcome</h2>
      <OutcomeButtons pending={pending} disabled={saving} onChoose={call.choose} />

      {pending && <CallDetails pending={pending} prospect={prospect} values={values} errors={errors} setField={setField} detailRef={call.detailRef} />}

      <TextField ref={call.notesRef} multiline rows={3} label="Notes" value={values.notes} onChange={setField('notes')} error={errors.notes} />

      {pending && (
        <div className={styles.actions}>
          <Button type="submit" loading={saving}>
            Save {pending.label.toLowerCase()} (Enter)
          </Button>
          <Button type="button" variant="secondary" onClick={call.cancel}>
            Cancel (Esc)
          </Button>
        </div>
      )}

      <p className={styles.help} id="caller-shortcuts">
        Keyboard: <kbd>1</kbd>–<kbd>8</kbd> log the outcome shown on each button (the next prospect comes up at once); <kbd>N</kbd> writes a note; after Call
        back, Pledged or Gave now, type the details and press <kbd>Enter</kbd> to save or <kbd>Esc</kbd> to cancel.
      </p>
    </form>
  );
}
