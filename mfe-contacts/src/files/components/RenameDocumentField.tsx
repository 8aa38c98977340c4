import type { KeyboardEvent } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@caucus/design-system';
import { FormTextField } from '@caucus/design-system/form';
import { documentRenameInputSchema, type DocumentRenameInput } from '@caucus/contract';
import styles from './Files.module.css';

export type RenameDocumentFieldProps = {
  fileName: string;
  saving: boolean;
  /** Called with the name as the API receives it (trimmed, checked by the contract). */
  onSave: (fileName: string) => void;
  onCancel: () => void;
};

/**
 * Inline rename of one document row. The Documents tab sits inside the contact form, and a <form>
 * inside a <form> is invalid HTML whose Enter would submit the contact too; so this is a group with
 * the form's context, submitted by its own Save button and by Enter in the field.
 */
export function RenameDocumentField({ fileName, saving, onSave, onCancel }: RenameDocumentFieldProps) {
  const form = useForm<DocumentRenameInput>({
    resolver: zodResolver(documentRenameInputSchema),
    defaultValues: { fileName },
    reValidateMode: 'onSubmit',
  });
  const submit = form.handleSubmit((valid) => onSave(valid.fileName));

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void submit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  };

  return (
    <FormProvider {...form}>
      <div role="group" aria-label={`Rename ${fileName}`} className={styles.renameForm}>
        {/* The name the user just chose to rename. */}
        {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
        <FormTextField<DocumentRenameInput> name="fileName" label="New file name" hideLabel autoFocus onKeyDown={handleKeyDown} />
        <Button size="sm" loading={saving} onClick={() => void submit()}>
          Save
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </FormProvider>
  );
}
