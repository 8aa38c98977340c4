import { useState } from 'react';
import type { FormErrors } from '../utils/financialForms';

/** A modal form's values and errors; changing a field clears that field's error. */
export function useFormValues<V extends object>(initial: () => V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FormErrors<V>>({});
  const set = <K extends keyof V>(key: K, value: V[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  return { values, setValues, errors, setErrors, set };
}
