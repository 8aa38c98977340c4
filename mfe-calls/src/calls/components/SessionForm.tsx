import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import { Button, Card } from '@caucus/design-system';
import { Form, FormSelect, FormTextField } from '@caucus/design-system/form';
import { toast, useSession } from '@caucus/platform';
import { callSessionInputSchema } from '@caucus/contract';
import { useCampaignOptions, useCreateSession, useListOptions, useTeam } from '../hooks/useCalls';
import { sessionPath } from '../paths';
import { ORDER_OPTIONS } from '../utils/orders';
import styles from './calls.module.css';

type SessionFormValues = { name: string; listId: string; campaignId: string; order: string; assigneeId: string };

const hintFor = (query: { isPending: boolean; isError: boolean; data?: unknown[] }, what: string, empty: string) =>
  query.isPending ? `Loading ${what}...` : query.isError ? `${what} could not be loaded` : query.data?.length === 0 ? empty : undefined;

/** Builds a call-time session: the contract's schema checks it, the API snapshots the list. */
export function SessionForm({ onClose }: { onClose: () => void }) {
  const { session } = useSession();
  const form = useForm<SessionFormValues>({
    // raw: the form's text goes to the API as typed; the contract only validates it.
    resolver: zodResolver(callSessionInputSchema, undefined, { raw: true }) as unknown as Resolver<SessionFormValues>,
    defaultValues: { name: '', listId: '', campaignId: '', order: 'largest_giving', assigneeId: session?.user.id ?? '' },
    reValidateMode: 'onSubmit',
  });
  const lists = useListOptions();
  const campaigns = useCampaignOptions();
  const team = useTeam();
  const create = useCreateSession();
  const navigate = useNavigate();

  const handleSubmit = (values: SessionFormValues) => {
    create.mutate(values as never, {
      onSuccess: (data) => {
        toast.success(`Call sheet ready: ${data.session.progress.total} prospects`);
        void navigate(sessionPath(data.session.id));
      },
      onError: (error) => toast.error('The session could not be created', error instanceof Error ? error.message : undefined),
    });
  };

  return (
    <Card title="New call-time session" headingLevel={2}>
      <Form form={form} onSubmit={handleSubmit} aria-label="New call-time session">
        <div className={styles.formGrid}>
          <FormTextField<SessionFormValues> label="Session name" required name="name" placeholder="e.g. Tuesday call time" />
          <FormSelect<SessionFormValues>
            label="Contact list"
            required
            name="listId"
            placeholder="Select a list"
            options={lists.data ?? []}
            hint={hintFor(lists, 'Lists', 'Create a list first (Lists section).')}
          />
          <FormSelect<SessionFormValues>
            label="Campaign"
            required
            name="campaignId"
            placeholder="Select a campaign"
            options={campaigns.data ?? []}
            hint={hintFor(campaigns, 'Campaigns', 'Pledges and gifts are recorded to a campaign: create one first.')}
          />
          <FormSelect<SessionFormValues> label="Call order" name="order" options={ORDER_OPTIONS} />
          <FormSelect<SessionFormValues>
            label="Caller"
            required
            name="assigneeId"
            placeholder="Select a caller"
            options={(team.data ?? []).map((person) => ({ value: person.id, label: person.name }))}
          />
        </div>
        <div className={styles.actions}>
          <Button type="submit" loading={create.isPending}>
            Build call sheet
          </Button>
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </Form>
    </Card>
  );
}
