import { useFormContext } from 'react-hook-form';
import { Button } from '@caucus/design-system';
import { FormCheckbox, FormSelect, FormTextField } from '@caucus/design-system/form';
import { useContactFormList } from '../../../hooks/useContactForm';
import { EMPLOYMENT_TYPES, newEmployment, removeAt, type ContactFormValues } from '../../../utils/contactForm';
import { ListEntry } from '../ListEntry';
import layout from '../ContactForm.module.css';

/** The contact form's Employment tab: positions held; a current one has no end date. */
export function EmploymentTab() {
  const { setValue } = useFormContext<ContactFormValues>();
  const [employment, updateEmployment] = useContactFormList('employment');
  return (
    <div className={layout.stack}>
      {employment.map((entry, i) => (
        <ListEntry key={i} title={`Employment ${i + 1}`} onRemove={() => updateEmployment((items) => removeAt(items, i))}>
          <FormTextField<ContactFormValues> label="Company name" required name={`employment.${i}.companyName`} />
          <FormTextField<ContactFormValues> label="Job title" name={`employment.${i}.jobTitle`} />
          <FormTextField<ContactFormValues> label="Department" name={`employment.${i}.department`} />
          <FormSelect<ContactFormValues>
            label="Employment type"
            placeholder="Select a type"
            options={EMPLOYMENT_TYPES}
            name={`employment.${i}.employmentType`}
          />
          <FormTextField<ContactFormValues> label="Start date" type="date" name={`employment.${i}.startDate`} />
          <FormTextField<ContactFormValues> label="End date" type="date" name={`employment.${i}.endDate`} disabled={entry.isCurrent} />
          <FormTextField<ContactFormValues> label="Salary range" name={`employment.${i}.salaryRange`} />
          <FormTextField<ContactFormValues> label="Description" multiline name={`employment.${i}.description`} />
          <FormCheckbox<ContactFormValues>
            label="Current position"
            name={`employment.${i}.isCurrent`}
            onValueChange={(current) => {
              if (current) setValue(`employment.${i}.endDate`, '');
            }}
          />
        </ListEntry>
      ))}
      <Button variant="secondary" size="sm" onClick={() => updateEmployment((items) => [...items, newEmployment()])}>
        + Add Employment
      </Button>
    </div>
  );
}
