import { useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { Badge, Select } from '@caucus/design-system';
import { FormSelect } from '@caucus/design-system/form';
import { IMPORT_TARGET_GROUPS, IMPORT_TARGET_LABELS, type ImportTargetField } from '@caucus/contract';
import type { ParsedFile } from '../parsing/types';
import { duplicateTargets, type Confidence } from './autoMap';
import { missingContactFields, toMapping, type MappingFormValues } from './mappingForm';
import styles from './ImportWizard.module.css';

const cut = (text: string, length: number) => (text.length > length ? `${text.slice(0, length)}…` : text);
/** docs/product/limits-and-defaults.md: the mapping preview shows 3 (default), 5 or 10 rows. */
const PREVIEW_SIZES = [3, 5, 10];

type Props = {
  parsed: ParsedFile;
  /** The wizard's mapping form; it is inside the design system's Form. */
  form: UseFormReturn<MappingFormValues>;
  confidence: Record<string, Confidence>;
  onConfidenceChange: (confidence: Record<string, Confidence>) => void;
};

/** Step 3: each column to a target field; a field taken by another column moves (docs/product/behaviour.md). */
export function MappingStep({ parsed, form, confidence, onConfidenceChange }: Props) {
  const [previewSize, setPreviewSize] = useState(3);
  const columns = useWatch({ control: form.control, name: 'columns' }) ?? [];
  const mapping = toMapping({ columns });
  const duplicates = duplicateTargets(mapping);
  const preview = parsed.rows.slice(0, previewSize);
  const mapped = parsed.headers.filter((h) => mapping[h]);
  // An issue of the whole mapping (nothing mapped), from the resolver when Next was pressed.
  const columnsError = form.formState.errors.columns;
  const mappingError = columnsError?.message ?? columnsError?.root?.message;

  const handleTarget = (index: number, target: string) => {
    const next = { ...confidence };
    delete next[parsed.headers[index]];
    if (target) {
      columns.forEach((column, other) => {
        if (other !== index && column.target === target) {
          form.setValue(`columns.${other}.target`, '');
          delete next[column.header];
        }
      });
    }
    onConfidenceChange(next);
  };

  return (
    <div className={styles.fields}>
      {duplicates.length > 0 ? (
        <div role="alert" className={styles.warning}>
          <strong>Duplicate Field Mappings Detected</strong>
          <span>{duplicates.map((f) => IMPORT_TARGET_LABELS[f]).join(', ')} is mapped from more than one column. Map each field once.</span>
        </div>
      ) : null}
      {missingContactFields(mapping) ? (
        <div role="alert" className={styles.warning}>
          <strong>Missing Required Fields</strong>
          <span>Map a name, organization, email or contact ID column: without one, every row will be skipped.</span>
        </div>
      ) : null}
      {mappingError ? (
        <div role="alert" className={styles.error}>
          <strong>{mappingError}</strong>
        </div>
      ) : null}
      <div className={styles.tableWrap} role="region" aria-label="Column mapping" tabIndex={0}>
        <table className={styles.table}>
          <caption className={styles.srOnly}>Map each column of {parsed.fileName} to a field</caption>
          <thead>
            <tr>
              <th scope="col">Column</th>
              <th scope="col">Sample values</th>
              <th scope="col">Field</th>
            </tr>
          </thead>
          <tbody>
            {parsed.headers.map((header, index) => (
              <tr key={header}>
                <th scope="row">{header}</th>
                <td className={styles.samples}>
                  {parsed.rows
                    .slice(0, 3)
                    .map((row) => cut(row[header] ?? '', 20))
                    .filter(Boolean)
                    .join(', ')}
                </td>
                <td>
                  <div className={styles.targetCell}>
                    <FormSelect<MappingFormValues>
                      name={`columns.${index}.target`}
                      label={`Field for ${header}`}
                      hideLabel
                      placeholder="Do not import"
                      onValueChange={(target) => handleTarget(index, target)}
                    >
                      {Object.entries(IMPORT_TARGET_GROUPS).map(([group, fields]) => (
                        <optgroup key={group} label={group}>
                          {fields.map((field) => (
                            <option key={field} value={field}>
                              {IMPORT_TARGET_LABELS[field]}
                            </option>
                          ))}
                        </optgroup>
                      ))}
                    </FormSelect>
                    {confidence[header] ? (
                      <Badge tone={confidence[header] === 'high' ? 'success' : 'warning'}>
                        {confidence[header] === 'high' ? 'Exact match' : 'Likely match'}
                      </Badge>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={styles.previewHead}>
        <h3 className={styles.subTitle}>Preview</h3>
        <Select
          label="Preview rows"
          value={String(previewSize)}
          onChange={(event) => setPreviewSize(Number(event.target.value))}
          options={PREVIEW_SIZES.map((n) => ({ value: String(n), label: `${n} rows` }))}
        />
      </div>
      {mapped.length > 0 ? (
        <div className={styles.tableWrap} role="region" aria-label="Preview of the first rows" tabIndex={0}>
          <table className={styles.table}>
            <caption className={styles.srOnly}>The first rows as they will be imported</caption>
            <thead>
              <tr>
                {mapped.map((header) => (
                  <th key={header} scope="col">
                    {IMPORT_TARGET_LABELS[mapping[header] as ImportTargetField]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preview.map((row, index) => (
                <tr key={index}>
                  {mapped.map((header) => (
                    <td key={header}>{cut(row[header] ?? '', 30)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className={styles.muted}>Map at least one column to see the preview.</p>
      )}
    </div>
  );
}
