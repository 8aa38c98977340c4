import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router-dom';
import { Badge, Button, Card, EmptyState, ProgressBar, Skeleton } from '@caucus/design-system';
import { Form, FormSelect, FormTextField } from '@caucus/design-system/form';
import { formatDateTime, toast, useCan, useWorkspaceDatePreferences } from '@caucus/platform';
import type { Audience, MessageSend } from '../api/communicationApi';
import { useAudience, useCancelSend, useCreateSend, useListOptions, useSends, useTemplates, useTestSend } from '../hooks/useCommunication';
import { emptySendForm, sendBody, sendFormSchema, type SendFormValues } from '../utils/sendForm';
import styles from './Communication.module.css';

const STATUS_TONE = { scheduled: 'info', sending: 'warning', sent: 'success', cancelled: 'neutral' } as const;

/** Compose an email to a list (who is left out is shown before anything is sent), and the sends so far. */
export function ListEmailPanel() {
  // Sending needs communication.write (contract/permissions.ts); other roles see what was sent.
  if (!useCan('communication.write')) return <SendHistory />;
  return <ListEmailComposer />;
}

function ListEmailComposer() {
  const zone = useWorkspaceDatePreferences().timezone.replace(/_/g, ' ');
  const form = useForm<SendFormValues>({
    resolver: zodResolver(sendFormSchema, undefined, { raw: true }),
    defaultValues: emptySendForm(),
    reValidateMode: 'onSubmit',
  });
  const lists = useListOptions();
  const templates = useTemplates();
  const listId = form.watch('listId');
  const templateId = form.watch('templateId');
  const audience = useAudience(listId);
  const create = useCreateSend();
  const test = useTestSend();

  const handleSubmit = (values: SendFormValues) => {
    create.mutate(sendBody(values), {
      onSuccess: (data) => {
        toast.success(data.message.status === 'scheduled' && data.message.sendAt ? `Scheduled for ${formatDateTime(data.message.sendAt)}` : 'Sending now');
        form.reset(emptySendForm());
      },
      onError: (error) => toast.error(error instanceof Error ? error.message : 'Could not send'),
    });
  };
  const handleTest = () => {
    if (!templateId) {
      form.setError('templateId', { message: 'Template is required' });
      return;
    }
    test.mutate(
      { templateId, listId: listId || null },
      {
        onSuccess: () => toast.success('A test is on its way to your own address'),
        onError: (e) => toast.error(e instanceof Error ? e.message : 'Could not send the test'),
      },
    );
  };

  return (
    <div className={styles.stack}>
      <Card title="Write to a list" headingLevel={2} subtitle="Smart lists are worked out again at the moment of sending.">
        <Form form={form} onSubmit={handleSubmit} className={styles.form} aria-label="Email a list">
          <FormSelect<SendFormValues> name="listId" label="Contact list" options={[{ value: '', label: 'Choose a list' }, ...(lists.data ?? [])]} />
          <FormSelect<SendFormValues>
            name="templateId"
            label="Template"
            options={[{ value: '', label: 'Choose a template' }, ...(templates.data ?? []).map((t) => ({ value: t.id, label: t.name }))]}
          />
          {listId && (audience.data ? <AudienceSummary audience={audience.data} /> : <Skeleton lines={2} />)}
          <fieldset className={styles.fieldset}>
            <legend>Send later (optional)</legend>
            <FormTextField<SendFormValues> name="sendDay" label="Day" type="date" />
            <FormTextField<SendFormValues> name="sendTime" label="Time" type="time" hint={`Time in ${zone}`} />
          </fieldset>
          <div className={styles.actions}>
            <Button type="submit" loading={create.isPending} disabled={audience.data?.recipients === 0}>
              {form.watch('sendDay') ? 'Schedule' : 'Send now'}
            </Button>
            <Button variant="secondary" onClick={handleTest} loading={test.isPending}>
              Send a test to me
            </Button>
          </div>
        </Form>
      </Card>
      <SendHistory />
    </div>
  );
}

function AudienceSummary({ audience }: { audience: Audience }) {
  const { excluded } = audience;
  const left = excluded.noEmail + excluded.unsubscribed + excluded.bounced + excluded.deceased;
  return (
    <div className={styles.result} role="status" aria-label="Who receives it">
      <p>
        <strong>{audience.recipients}</strong> of {audience.members} on the list will receive it.
      </p>
      {left > 0 && (
        <p className={styles.muted}>
          Left out: {excluded.noEmail} without an email address, {excluded.unsubscribed} unsubscribed, {excluded.bounced} bounced, {excluded.deceased} deceased.
        </p>
      )}
    </div>
  );
}

function SendHistory() {
  const sends = useSends();
  const cancel = useCancelSend();
  const canSend = useCan('communication.write');
  if (sends.isPending) return <Skeleton lines={3} />;
  if (!sends.data?.length)
    return <EmptyState title="Nothing sent yet" message="Emails to your lists appear here with each recipient's state." headingLevel={3} />;
  return (
    <Card title="Sent and scheduled" headingLevel={2}>
      <ul className={styles.sendList}>
        {sends.data.map((send) => (
          <li key={send.id} className={styles.sendItem}>
            <SendSummary send={send} />
            {send.status === 'scheduled' && canSend && (
              <Button size="sm" variant="secondary" onClick={() => cancel.mutate(send.id)}>
                Cancel
              </Button>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}

export function SendSummary({ send }: { send: MessageSend }) {
  const done = send.counts.sent + send.counts.failed;
  const total = Math.max(1, send.audience.recipients);
  return (
    <div className={styles.sendSummary}>
      <div>
        <Link className={styles.link} to={`/dashboard/communication/messages/${send.id}`}>
          {send.subject}
        </Link>{' '}
        <Badge tone={STATUS_TONE[send.status]}>{send.status}</Badge>
      </div>
      <p className={styles.muted}>
        {send.kind === 'test' ? 'Test to yourself' : `To ${send.listName ?? 'a deleted list'}`} ·{' '}
        {send.status === 'scheduled' && send.sendAt ? `at ${formatDateTime(send.sendAt)}` : formatDateTime(send.startedAt ?? send.createdAt)} ·{' '}
        {send.counts.sent} sent
        {send.counts.failed > 0 ? `, ${send.counts.failed} failed` : ''}
      </p>
      {send.status === 'sending' && <ProgressBar value={done} max={total} label={`Delivered ${done} of ${total}`} showLabel />}
    </div>
  );
}
