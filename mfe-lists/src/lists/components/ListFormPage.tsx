import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button, buttonClassName, Card, ErrorState, PageHeader, Skeleton } from '@caucus/design-system';
import { Form, FormSelect, FormTextField } from '@caucus/design-system/form';
import { useContactList, useRulesPreview, useSaveList } from '../hooks/useLists';
import { LISTS_PATH, listPath } from '../paths';
import { emptyListForm, listFormFrom, listFormSchema, toListInput, type ListFormValues } from '../utils/listForm';
import { checkedWireRules, type DraftRule } from '../utils/ruleDrafts';
import { contactName } from '../utils/format';
import { RuleBuilder } from './RuleBuilder';
import styles from './ListFormPage.module.css';

/** Long enough that typing sends one request, short enough that the count feels live. */
export const PREVIEW_DEBOUNCE_MS = 350;

export function ListFormPage() {
  const { id } = useParams<{ id: string }>();
  const existing = useContactList(id ?? '');
  if (!id) return <ListForm />;
  if (existing.isPending) {
    return (
      <Card aria-busy="true" aria-label="Loading list">
        <Skeleton width="40%" height="1.5rem" />
        <Skeleton lines={4} />
      </Card>
    );
  }
  if (existing.isError) {
    return <ErrorState title="This list could not be loaded" error={existing.error} onRetry={() => void existing.refetch()} retrying={existing.isFetching} />;
  }
  return <ListForm id={id} initial={listFormFrom(existing.data)} />;
}

function ListForm({ id, initial }: { id?: string; initial?: ListFormValues }) {
  const navigate = useNavigate();
  const save = useSaveList(id ?? null);
  const form = useForm<ListFormValues>({
    defaultValues: initial ?? emptyListForm(),
    resolver: zodResolver(listFormSchema, undefined, { raw: true }),
  });
  const { control } = form;
  const type = useWatch({ control, name: 'type' });
  const rules = useWatch({ control, name: 'rules' });
  const rulesError = form.formState.errors.rules?.message;

  const handleSubmit = (values: ListFormValues) => {
    save.mutate(toListInput(values), { onSuccess: (saved) => void navigate(listPath(saved.id)) });
  };

  const title = id ? 'Edit Contact List' : 'Create Contact List';
  return (
    <section className={styles.page} aria-labelledby="list-form-title">
      <PageHeader
        title={title}
        titleId="list-form-title"
        actions={
          <Link className={buttonClassName({ variant: 'secondary' })} to={id ? listPath(id) : LISTS_PATH}>
            Cancel
          </Link>
        }
      />
      <Form form={form} onSubmit={handleSubmit} className={styles.form}>
        <Card title="Basic information" headingLevel={2}>
          <div className={styles.fields}>
            <FormTextField<ListFormValues> name="name" label="List name" required />
            <FormTextField<ListFormValues> name="description" label="Description" multiline rows={3} />
            <FormSelect<ListFormValues>
              name="type"
              label="List type"
              options={[
                { value: 'static', label: 'Static — members added by hand' },
                { value: 'smart', label: 'Smart — members follow rules' },
              ]}
            />
          </div>
        </Card>
        <Card title="Tags" headingLevel={2}>
          <FormTextField<ListFormValues> name="tags" label="Tags" hideLabel placeholder="e.g. donors, 2026" hint="Separate tags with commas" />
        </Card>
        {type === 'smart' ? (
          <Card title="Smart rules" subtitle="Contacts matching these rules become members. AND binds tighter than OR." headingLevel={2}>
            <Controller control={control} name="rules" render={({ field }) => <RuleBuilder rules={field.value} onChange={field.onChange} listId={id} />} />
            {rulesError ? (
              <p className={styles.error} role="alert">
                {rulesError}
              </p>
            ) : null}
            <LiveCount rules={rules} />
          </Card>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" loading={save.isPending}>
            {id ? 'Save Changes' : 'Create List'}
          </Button>
        </div>
      </Form>
    </section>
  );
}

/** The number of contacts the rules match right now, updated as the rules change. */
function LiveCount({ rules }: { rules: DraftRule[] }) {
  const checked = useMemo(() => checkedWireRules(rules), [rules]);
  const [debounced, setDebounced] = useState(checked.ok ? checked.rules : null);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(checked.ok ? checked.rules : null), PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [checked]);
  const preview = useRulesPreview(debounced);
  // The count shown belongs to the rules last counted: until the rules on screen are counted (the
  // pause after typing, then the request) it says it is updating, so no one reads an old figure as
  // the new rules' count.
  const counting = checked.ok && (preview.isFetching || JSON.stringify(checked.rules) !== JSON.stringify(debounced));

  let text: string;
  if (!checked.ok)
    text = checked.message.startsWith('Rules must') ? 'Add a rule to see how many contacts match.' : `Complete the rules to see a count: ${checked.message}`;
  else if (checked.rules.length === 0) text = 'Add a rule to see how many contacts match.';
  else if (preview.isError) text = preview.error instanceof Error ? preview.error.message : 'The count could not be loaded';
  else if (!preview.data) text = 'Counting matching contacts…';
  else text = `${preview.data.count.toLocaleString('en-US')} ${preview.data.count === 1 ? 'contact matches' : 'contacts match'} these rules`;

  return (
    <div className={styles.liveCount}>
      <p aria-live="polite" aria-busy={counting} data-testid="live-count" className={styles.count}>
        {text}
        {counting && preview.data ? <span className={styles.updating}> (updating)</span> : null}
      </p>
      {checked.ok && preview.data && preview.data.sample.length > 0 ? (
        <p className={styles.sample}>For example: {preview.data.sample.map(contactName).join(', ')}</p>
      ) : null}
    </div>
  );
}
