import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError, toast } from '@caucus/platform';

/**
 * A refused save: the server's per-field messages go under their fields (the same contract texts the
 * form would show), anything else into an error toast with the server's message.
 */
export function showSaveError<T extends FieldValues>(form: UseFormReturn<T, unknown, unknown> | null, error: unknown, title: string): void {
  const details = error instanceof ApiError && error.details && typeof error.details === 'object' ? (error.details as Record<string, unknown>) : {};
  let placed = false;
  if (form) {
    const known = Object.keys(form.getValues());
    for (const [field, message] of Object.entries(details)) {
      if (typeof message === 'string' && known.includes(field)) {
        form.setError(field as Path<T>, { type: 'server', message });
        placed = true;
      }
    }
  }
  if (!placed) toast.error(title, error instanceof Error ? error.message : undefined);
}
