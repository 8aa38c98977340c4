import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Badge, Button, Card, ConfirmDialog, EmptyState, ErrorState, Select, Skeleton, TextField } from '@caucus/design-system';
import { Form, FormSelect, FormTextField } from '@caucus/design-system/form';
import { ApiError, toast, useCan, formatUsd } from '@caucus/platform';
import { previewTemplate, type MessageTemplate, type TemplatePreview } from '../api/communicationApi';
import { useCampaignOptions, useContactOptions, useDeleteTemplate, useSaveTemplate, useTemplates } from '../hooks/useCommunication';
import { PURPOSE_LABELS, PURPOSE_OPTIONS } from '../utils/format';
import { emptyTemplateForm, formFromTemplate, MERGE_FIELD_TAGS, templateBody, templateFormSchema, type TemplateFormValues } from '../utils/templateForm';
import styles from './Communication.module.css';

/** The account's templates, and the form that writes one (with a preview for a real contact). */
export function TemplatesPanel() {
  const templates = useTemplates();
  const [editing, setEditing] = useState<MessageTemplate | 'new' | null>(null);
  const [removing, setRemoving] = useState<MessageTemplate | null>(null);
  const remove = useDeleteTemplate();
  // Writing templates needs communication.write (contract/permissions.ts); other roles only read them.
  const canWrite = useCan('communication.write');

  if (editing)
    return <TemplateEditor key={editing === 'new' ? 'new' : editing.id} template={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />;
  return (
    <div className={styles.stack}>
      {canWrite && (
        <div className={styles.actions}>
          <Button onClick={() => setEditing('new')}>New template</Button>
        </div>
      )}
      {templates.isPending ? (
        <Skeleton lines={4} />
      ) : templates.isError ? (
        <ErrorState title="Templates could not be loaded" error={templates.error} onRetry={() => void templates.refetch()} />
      ) : templates.data.length === 0 ? (
        <EmptyState title="No templates yet" message="Write a thank-you first: every gift is thanked from a template." headingLevel={3} />
      ) : (
        <ul className={styles.cards}>
          {templates.data.map((t) => (
            <li key={t.id}>
              <Card
                title={t.name}
                headingLevel={3}
                subtitle={t.subject}
                actions={
                  canWrite ? (
                    <>
                      <Button size="sm" variant="secondary" onClick={() => setEditing(t)} aria-label={`Edit ${t.name}`}>
                        Edit
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => setRemoving(t)} aria-label={`Delete ${t.name}`}>
                        Delete
                      </Button>
                    </>
                  ) : undefined
                }
              >
                <Badge tone="info">{PURPOSE_LABELS[t.purpose]}</Badge> <span className={styles.muted}>{ruleText(t)}</span>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Delete this template?"
        confirmLabel="Delete"
        pending={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, { onSuccess: () => toast.success('Template deleted'), onSettled: () => setRemoving(null) });
        }}
      >
        <p>“{removing?.name ?? ''}” will no longer be offered. Messages already sent keep their text.</p>
      </ConfirmDialog>
    </div>
  );
}

function ruleText(t: MessageTemplate): string {
  if (t.purpose !== 'acknowledgment') return '';
  const range =
    t.minAmount !== null && t.maxAmount !== null
      ? `${formatUsd(t.minAmount)}–${formatUsd(t.maxAmount)}`
      : t.minAmount !== null
        ? `${formatUsd(t.minAmount)} and more`
        : t.maxAmount !== null
          ? `up to ${formatUsd(t.maxAmount)}`
          : 'any amount';
  return `${t.campaignId ? 'Its campaign' : 'Any campaign'}, ${range}`;
}

function TemplateEditor({ template, onDone }: { template: MessageTemplate | null; onDone: () => void }) {
  const form = useForm<TemplateFormValues>({
    resolver: zodResolver(templateFormSchema, undefined, { raw: true }),
    defaultValues: template ? formFromTemplate(template) : emptyTemplateForm(),
    reValidateMode: 'onSubmit',
  });
  const campaigns = useCampaignOptions();
  const save = useSaveTemplate();
  const [saved, setSaved] = useState<MessageTemplate | null>(template);
  const purpose = form.watch('purpose');

  const handleSubmit = (values: TemplateFormValues) => {
    save.mutate(
      { id: saved?.id ?? null, input: templateBody(values) },
      {
        onSuccess: (data) => {
          setSaved(data.template);
          toast.success('Template saved');
        },
        onError: (error) => {
          // The server names the field (an unknown merge field, a campaign that is gone): shown under it.
          if (error instanceof ApiError && error.details && typeof error.details === 'object') {
            for (const [field, message] of Object.entries(error.details as Record<string, string>))
              form.setError(field as keyof TemplateFormValues, { message });
          } else toast.error(error instanceof Error ? error.message : 'Could not save the template');
        },
      },
    );
  };

  return (
    <div className={styles.editor}>
      <Card title={template ? `Edit “${template.name}”` : 'New template'} headingLevel={2}>
        <Form form={form} onSubmit={handleSubmit} className={styles.form} aria-label="Template">
          <FormTextField<TemplateFormValues> name="name" label="Template name" />
          <FormSelect<TemplateFormValues> name="purpose" label="Purpose" options={PURPOSE_OPTIONS} />
          <FormTextField<TemplateFormValues> name="subject" label="Subject" />
          <FormTextField<TemplateFormValues> name="bodyText" label="Message" multiline rows={10} hint={`Merge fields: ${MERGE_FIELD_TAGS.join(' ')}`} />
          {purpose === 'acknowledgment' && (
            <fieldset className={styles.fieldset}>
              <legend>When to use it</legend>
              <FormSelect<TemplateFormValues> name="campaignId" label="Campaign" options={[{ value: '', label: 'Any campaign' }, ...(campaigns.data ?? [])]} />
              <FormTextField<TemplateFormValues> name="minAmount" label="Smallest gift" inputMode="decimal" />
              <FormTextField<TemplateFormValues> name="maxAmount" label="Largest gift" inputMode="decimal" />
            </fieldset>
          )}
          <div className={styles.actions}>
            <Button type="submit" loading={save.isPending}>
              Save template
            </Button>
            <Button variant="secondary" onClick={onDone}>
              Back to templates
            </Button>
          </div>
        </Form>
      </Card>
      {saved && <PreviewCard template={saved} />}
    </div>
  );
}

function PreviewCard({ template }: { template: MessageTemplate }) {
  const [search, setSearch] = useState('');
  const [contactId, setContactId] = useState('');
  const [preview, setPreview] = useState<TemplatePreview | null>(null);
  const contacts = useContactOptions(search);
  const handlePreview = (id: string) => {
    setContactId(id);
    if (!id) return;
    previewTemplate(template.id, id).then(
      (data) => setPreview(data.preview),
      (error: unknown) => toast.error(error instanceof Error ? error.message : 'No preview'),
    );
  };
  return (
    <Card title="Preview with a real contact" headingLevel={2}>
      <div className={styles.filters}>
        <TextField label="Find a contact" value={search} onChange={(e) => setSearch(e.target.value)} hint="Type two letters of a name or email" />
        <Select
          label="Contact"
          value={contactId}
          onChange={(e) => handlePreview(e.target.value)}
          options={[{ value: '', label: contacts.data?.length ? 'Choose a contact' : 'No match yet' }, ...(contacts.data ?? [])]}
        />
      </div>
      {preview && (
        <div className={styles.preview} aria-label="Preview">
          <p>
            <strong>Subject:</strong> {preview.subject}
          </p>
          <pre className={styles.previewText}>{preview.text}</pre>
        </div>
      )}
    </Card>
  );
}
