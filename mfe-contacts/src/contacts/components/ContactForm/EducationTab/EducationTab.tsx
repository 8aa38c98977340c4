import { Button } from '@caucus/design-system';
import { FormCheckbox, FormSelect, FormTextField } from '@caucus/design-system/form';
import { GPA_MAX, GPA_MIN, GRADUATION_YEAR_MAX, GRADUATION_YEAR_MIN } from '@caucus/contract';
import { useContactFormList } from '../../../hooks/useContactForm';
import { DEGREE_TYPES, newEducation, removeAt, type ContactFormValues } from '../../../utils/contactForm';
import { ListEntry } from '../ListEntry';
import layout from '../ContactForm.module.css';

/** The contact form's Education tab: schools and degrees, with the contract's bounds on year and GPA. */
export function EducationTab() {
  const [education, updateEducation] = useContactFormList('education');
  return (
    <div className={layout.stack}>
      {education.map((_entry, i) => (
        <ListEntry key={i} title={`Education ${i + 1}`} onRemove={() => updateEducation((items) => removeAt(items, i))}>
          <FormTextField<ContactFormValues> label="Institution name" required name={`education.${i}.institutionName`} />
          <FormSelect<ContactFormValues> label="Degree type" placeholder="Select a degree type" options={DEGREE_TYPES} name={`education.${i}.degreeType`} />
          <FormTextField<ContactFormValues> label="Degree name" name={`education.${i}.degreeName`} />
          <FormTextField<ContactFormValues> label="Field of study" name={`education.${i}.fieldOfStudy`} />
          <FormTextField<ContactFormValues>
            label="Graduation year"
            type="number"
            min={GRADUATION_YEAR_MIN}
            max={GRADUATION_YEAR_MAX}
            step={1}
            name={`education.${i}.graduationYear`}
          />
          <FormTextField<ContactFormValues> label="GPA" type="number" min={GPA_MIN} max={GPA_MAX} step={0.01} name={`education.${i}.gpa`} />
          <FormTextField<ContactFormValues> label="Honors" name={`education.${i}.honors`} />
          <FormTextField<ContactFormValues> label="Education notes" name={`education.${i}.notes`} />
          <FormCheckbox<ContactFormValues> label="Currently enrolled" name={`education.${i}.isCurrent`} />
        </ListEntry>
      ))}
      <Button variant="secondary" size="sm" onClick={() => updateEducation((items) => [...items, newEducation()])}>
        + Add Education
      </Button>
    </div>
  );
}
