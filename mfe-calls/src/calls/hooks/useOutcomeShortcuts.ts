import { useEffect, type RefObject } from 'react';
import { isTyping, outcomeForKey, type OutcomeKey } from '../utils/outcomes';

/** The caller screen's keys: 1–8 choose an outcome, N goes to the notes, Esc dismisses, from inside a field too. */
export function useOutcomeShortcuts(choose: (choice: OutcomeKey) => void, dismiss: () => void, notesRef: RefObject<HTMLTextAreaElement | null>) {
  useEffect(() => {
    const handleKey = (event: KeyboardEvent) => {
      if (event.metaKey || event.ctrlKey || event.altKey) return;
      if (event.key === 'Escape') {
        dismiss();
        return;
      }
      if (isTyping(event.target)) return;
      if (event.key === 'n' || event.key === 'N') {
        event.preventDefault();
        notesRef.current?.focus();
        return;
      }
      const choice = outcomeForKey(event.key);
      if (choice) {
        event.preventDefault();
        choose(choice);
      }
    };
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  }, [choose, dismiss, notesRef]);
}
