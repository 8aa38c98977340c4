import { Button, TextField } from '@caucus/design-system';
import { FormCheckbox, FormSelect, FormTextField } from '@caucus/design-system/form';
import { useContactFormList } from '../../../hooks/useContactForm';
import { newNote, NOTE_TYPES, removeAt, type ContactFormValues } from '../../../utils/contactForm';
import { ListEntry } from '../ListEntry';
import layout from '../ContactForm.module.css';
import styles from './NotesTagsTab.module.css';

export type NotesTagsTabProps = {
  /** The tag being typed, not yet added: the page keeps it, so it survives a visit to another tab. */
  tagDraft: string;
  onTagDraftChange: (draft: string) => void;
};

/** The contact form's Notes & Tags tab: quick notes, the list of notes, and the contact's tags. */
export function NotesTagsTab({ tagDraft, onTagDraftChange }: NotesTagsTabProps) {
  const [notes, updateNotes] = useContactFormList('notes');
  const [tags, updateTags] = useContactFormList('tags');

  const handleAddTag = () => {
    const tag = tagDraft.trim();
    if (tag && !tags.includes(tag)) updateTags((current) => [...current, tag]);
    onTagDraftChange('');
  };

  return (
    <div className={layout.stack}>
      <FormTextField<ContactFormValues> name="quickNotes" label="Quick notes" multiline />
      <h3 className={layout.subheading}>Notes</h3>
      {notes.map((_note, i) => (
        <ListEntry key={i} title={`Note ${i + 1}`} onRemove={() => updateNotes((items) => removeAt(items, i))}>
          <FormTextField<ContactFormValues> label="Subject" name={`notes.${i}.subject`} />
          <FormSelect<ContactFormValues> label="Note type" options={NOTE_TYPES} name={`notes.${i}.noteType`} />
          <FormTextField<ContactFormValues> label="Content" multiline required name={`notes.${i}.content`} />
          <FormCheckbox<ContactFormValues> label="Private" description="only visible to you" name={`notes.${i}.isPrivate`} />
        </ListEntry>
      ))}
      <Button variant="secondary" size="sm" onClick={() => updateNotes((items) => [...items, newNote()])}>
        + Add Note
      </Button>
      <h3 className={layout.subheading}>Tags</h3>
      <div className={styles.tagRow}>
        <TextField
          label="New tag"
          value={tagDraft}
          onChange={(e) => onTagDraftChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              handleAddTag();
            }
          }}
        />
        <Button variant="secondary" size="sm" onClick={handleAddTag}>
          Add Tag
        </Button>
      </div>
      <ul className={styles.tags} aria-label="Tags">
        {tags.map((tag) => (
          <li key={tag} className={styles.tag}>
            {tag}
            <button
              type="button"
              className={styles.tagRemove}
              aria-label={`Remove tag ${tag}`}
              onClick={() => updateTags((current) => current.filter((t) => t !== tag))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
