import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, ErrorState, PageHeader, Skeleton, Tabs, TextField, buttonClassName } from '@caucus/design-system';
import { Form, FormSelect, FormTextField, FormToggle } from '@caucus/design-system/form';
import { ApiError, analytics, toast, useMutation, useQuery, useQueryClient } from '@caucus/design-system/session';
import {
  campaignsKeys,
  createCampaign,
  fetchCampaign,
  fetchCommittees,
  fetchDonationAccounts,
  updateCampaign,
} from '../api/campaignsApi';
import { CommitteeDialog } from '../../committees/components/CommitteeDialog';
import { CAMPAIGNS_PATH } from '../paths';
import {
  CAMPAIGN_STATUSES,
  CAMPAIGN_TYPES,
  addSuggestedAmount,
  campaignFormSchema,
  campaignToFormValues,
  defaultCampaignValues,
  removeSuggestedAmount,
  shapeCampaignForSave,
  slugify,
  type CampaignFormField,
  type CampaignFormValues,
  type CampaignPayload,
} from '../utils/campaignRules';
import { capitalise, formatAmount } from '../utils/format';
import styles from './CampaignFormPage.module.css';

type TabId = 'basic' | 'goals' | 'committees' | 'donations' | 'timeline';

export const FORM_TABS: { id: TabId; label: string; fields: CampaignFormField[] }[] = [
  { id: 'basic', label: 'Basic Info', fields: ['name', 'slug', 'description', 'campaignType', 'status'] },
  { id: 'goals', label: 'Goals & Targets', fields: ['fundraisingGoal', 'contactGoal', 'volunteerGoal'] },
  { id: 'committees', label: 'Committees & Accounts', fields: ['committeeId', 'donationAccountId'] },
  {
    id: 'donations',
    label: 'Donation Settings',
    fields: ['allowPublicDonations', 'donationMinimum', 'donationMaximum', 'suggestedAmounts'],
  },
  { id: 'timeline', label: 'Timeline', fields: ['startDate', 'endDate'] },
];

const TYPE_OPTIONS = CAMPAIGN_TYPES.map((value) => ({ value, label: capitalise(value) }));
const STATUS_OPTIONS = CAMPAIGN_STATUSES.map((value) => ({ value, label: capitalise(value) }));

/** /dashboard/campaigns/new and /dashboard/campaigns/:id/edit */
export function CampaignFormPage() {
  const { id } = useParams<{ id: string }>();
  if (!id) return <CampaignForm campaignId={null} initialValues={defaultCampaignValues()} />;
  return <EditCampaign id={id} />;
}

function EditCampaign({ id }: { id: string }) {
  const query = useQuery({
    queryKey: campaignsKeys.detail(id),
    queryFn: ({ signal }) => fetchCampaign(id, signal),
    // The form starts from what the server has now, not from a cached copy.
    staleTime: 0,
    gcTime: 0,
  });

  if (query.isPending) {
    return (
      <section className={styles.page}>
        <PageHeader title="Edit Campaign" />
        <Card aria-busy="true" aria-label="Loading campaign">
          <Skeleton width="40%" height="1.25rem" />
          <Skeleton lines={4} />
        </Card>
      </section>
    );
  }
  if (query.isError) {
    return (
      <section className={styles.page}>
        <PageHeader title="Edit Campaign" actions={<BackLink />} />
        <ErrorState
          title="Failed to load campaign details"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </section>
    );
  }
  return <CampaignForm key={query.data.campaign.id} campaignId={id} initialValues={campaignToFormValues(query.data.campaign)} />;
}

function BackLink() {
  return (
    <Link to={CAMPAIGNS_PATH} className={buttonClassName({ variant: 'secondary' })}>
      Back to Campaigns
    </Link>
  );
}

type CampaignFormProps = { campaignId: string | null; initialValues: CampaignFormValues };

function CampaignForm({ campaignId, initialValues }: CampaignFormProps) {
  const isEdit = campaignId !== null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<CampaignFormValues>({
    // raw: the body is shaped from the fields as typed (shapeCampaignForSave); the contract only validates.
    resolver: zodResolver(campaignFormSchema, undefined, { raw: true }),
    defaultValues: initialValues,
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const suggestedAmounts = form.watch('suggestedAmounts');
  const [tab, setTab] = useState<TabId>('basic');
  const [newAmount, setNewAmount] = useState('');
  // 'new', a committee id to edit, or closed.
  const [committeeDialog, setCommitteeDialog] = useState<string | null>(null);
  const chosenCommittee = form.watch('committeeId');

  const committees = useQuery({ queryKey: campaignsKeys.committees(), queryFn: ({ signal }) => fetchCommittees(signal) });
  const donationAccounts = useQuery({
    queryKey: campaignsKeys.donationAccounts(campaignId),
    queryFn: ({ signal }) => fetchDonationAccounts(campaignId, signal),
  });

  const save = useMutation({
    mutationFn: (payload: CampaignPayload) =>
      campaignId ? updateCampaign(campaignId, payload) : createCampaign(payload),
    onSuccess: ({ campaign }) => {
      if (!isEdit) analytics.track('campaign_created', { campaignId: campaign.id, campaignType: campaign.campaignType });
      void queryClient.invalidateQueries({ queryKey: campaignsKeys.all });
      toast.success(isEdit ? 'Campaign updated' : 'Campaign created', campaign.name);
      navigate(CAMPAIGNS_PATH);
    },
    onError: (error) => {
      // A taken slug is the one server rule the form cannot check itself; show it on the field too.
      if (error instanceof ApiError && error.status === 409) {
        form.setError('slug', { message: error.message });
        setTab('basic');
      }
      toast.error('Failed to save campaign', error instanceof Error ? error.message : undefined);
    },
  });

  const handleNameChange = (name: string) => {
    // On create only: an existing campaign's slug is part of its public address and stays put.
    if (!isEdit) {
      form.setValue('slug', slugify(name));
      form.clearErrors('slug');
    }
  };

  const handleAddAmount = () => {
    form.setValue('suggestedAmounts', addSuggestedAmount(suggestedAmounts, Number(newAmount)));
    setNewAmount('');
  };

  const handleAmountKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    handleAddAmount();
  };

  const handleSubmit = (values: CampaignFormValues) => save.mutate(shapeCampaignForSave(values));
  // Open the first tab that holds an error.
  const handleInvalid = (found: FieldErrors<CampaignFormValues>) => {
    const firstInvalid = FORM_TABS.find((item) => item.fields.some((field) => found[field]));
    if (firstInvalid) setTab(firstInvalid.id);
  };

  const tabLabel = (item: (typeof FORM_TABS)[number]) =>
    item.fields.some((field) => errors[field]) ? (
      <>
        {item.label}
        <span className={styles.tabError} aria-hidden="true">
          {' '}!
        </span>
      </>
    ) : (
      item.label
    );

  const committeeOptions = (committees.data ?? []).map((committee) => ({
    value: committee.id,
    label: committee.committeeType ? `${committee.name} (${capitalise(committee.committeeType)})` : committee.name,
  }));
  const accountOptions = (donationAccounts.data ?? []).map((account) => ({
    value: account.id,
    label: account.accountType ? `${account.name} (${capitalise(account.accountType)})` : account.name,
  }));

  const panels: Record<TabId, ReactNode> = {
    basic: (
      <div className={styles.grid}>
        <FormTextField<CampaignFormValues>
          label="Campaign Name"
          required
          name="name"
          onValueChange={handleNameChange}
        />
        <FormTextField<CampaignFormValues>
          label="Slug"
          required
          hint="Used in the campaign's public address."
          name="slug"
        />
        <FormSelect<CampaignFormValues>
          label="Campaign Type"
          required
          options={TYPE_OPTIONS}
          placeholder="Select a type"
          name="campaignType"
        />
        <FormSelect<CampaignFormValues>
          label="Status"
          options={STATUS_OPTIONS}
          name="status"
        />
        <FormTextField<CampaignFormValues>
          className={styles.wide}
          multiline
          label="Description"
          name="description"
        />
      </div>
    ),
    goals: (
      <div className={styles.grid}>
        <FormTextField<CampaignFormValues>
          label="Fundraising Goal ($)"
          type="number"
          min={0}
          step="0.01"
          name="fundraisingGoal"
        />
        <FormTextField<CampaignFormValues>
          label="Contact Goal"
          type="number"
          min={0}
          step="1"
          name="contactGoal"
        />
        <FormTextField<CampaignFormValues>
          label="Volunteer Goal"
          type="number"
          min={0}
          step="1"
          name="volunteerGoal"
        />
      </div>
    ),
    committees: (
      <div className={styles.grid}>
        <FormSelect<CampaignFormValues>
          label="Committee"
          options={committeeOptions}
          placeholder="No committee"
          hint={committees.isError ? 'Committees could not be loaded.' : undefined}
          name="committeeId"
        />
        <div className={styles.committeeActions}>
          <Button variant="secondary" size="sm" onClick={() => setCommitteeDialog('new')}>
            New committee
          </Button>
          <Button variant="secondary" size="sm" disabled={!chosenCommittee} onClick={() => setCommitteeDialog(chosenCommittee || null)}>
            Edit committee
          </Button>
        </div>
        {committeeDialog ? (
          <CommitteeDialog
            committeeId={committeeDialog === 'new' ? null : committeeDialog}
            onClose={() => setCommitteeDialog(null)}
            onSaved={(committee) => {
              // A new committee is the one this campaign is for.
              form.setValue('committeeId', committee.id, { shouldDirty: true });
              setCommitteeDialog(null);
            }}
          />
        ) : null}
        <FormSelect<CampaignFormValues>
          label="Donation Account"
          options={accountOptions}
          placeholder="No donation account"
          name="donationAccountId"
        />
      </div>
    ),
    donations: (
      <div className={styles.stack}>
        <FormToggle<CampaignFormValues>
          label="Allow public donations"
          description="Supporters can give to this campaign from its public donation page."
          name="allowPublicDonations"
        />
        <div className={styles.grid}>
          <FormTextField<CampaignFormValues>
            label="Minimum Donation ($)"
            type="number"
            min={0}
            step="0.01"
            name="donationMinimum"
          />
          <FormTextField<CampaignFormValues>
            label="Maximum Donation ($)"
            type="number"
            min={0}
            step="0.01"
            hint="0 means no limit."
            name="donationMaximum"
          />
        </div>
        <fieldset className={styles.amounts}>
          <legend className={styles.legend}>Suggested Amounts</legend>
          {suggestedAmounts.length === 0 ? (
            <p className={styles.muted}>No suggested amounts.</p>
          ) : (
            <ul className={styles.chips} aria-label="Suggested amounts">
              {suggestedAmounts.map((amount) => (
                <li key={amount} className={styles.chip}>
                  <span>{formatAmount(amount)}</span>
                  <button
                    type="button"
                    className={styles.chipRemove}
                    aria-label={`Remove ${formatAmount(amount)}`}
                    onClick={() => form.setValue('suggestedAmounts', removeSuggestedAmount(suggestedAmounts, amount))}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className={styles.addRow}>
            <TextField
              label="Add suggested amount"
              type="number"
              min={0}
              step="1"
              value={newAmount}
              onChange={(event) => setNewAmount(event.target.value)}
              onKeyDown={handleAmountKeyDown}
            />
            <Button variant="secondary" onClick={handleAddAmount}>
              Add Amount
            </Button>
          </div>
        </fieldset>
      </div>
    ),
    timeline: (
      <div className={styles.grid}>
        <FormTextField<CampaignFormValues>
          label="Start Date"
          type="date"
          name="startDate"
        />
        <FormTextField<CampaignFormValues>
          label="End Date"
          type="date"
          name="endDate"
        />
      </div>
    ),
  };
  const tabs = FORM_TABS.map((item) => ({ id: item.id, label: tabLabel(item), content: panels[item.id] }));

  return (
    <section className={styles.page}>
      <PageHeader title={isEdit ? 'Edit Campaign' : 'Create New Campaign'} actions={<BackLink />} />
      <Card>
        <Form form={form} onSubmit={handleSubmit} onInvalid={handleInvalid} aria-label={isEdit ? 'Edit Campaign' : 'Create New Campaign'}>
          <Tabs items={tabs} label="Campaign form sections" value={tab} onChange={(next) => setTab(next as TabId)} />
          <div className={styles.footer}>
            <Link to={CAMPAIGNS_PATH} className={buttonClassName({ variant: 'secondary' })}>
              Cancel
            </Link>
            <Button type="submit" loading={save.isPending}>
              {isEdit ? 'Update Campaign' : 'Create Campaign'}
            </Button>
          </div>
        </Form>
      </Card>
    </section>
  );
}
