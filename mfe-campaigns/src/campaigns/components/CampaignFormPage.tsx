import { useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button, Card, ErrorState, PageHeader, Select, Skeleton, Tabs, TextField, Toggle, buttonClassName } from '@caucus/design-system';
import { ApiError, analytics, toast, useMutation, useQuery, useQueryClient } from '@caucus/design-system/session';
import {
  campaignsKeys,
  createCampaign,
  fetchCampaign,
  fetchCommittees,
  fetchDonationAccounts,
  updateCampaign,
} from '../api/campaignsApi';
import { CAMPAIGNS_PATH } from '../paths';
import {
  CAMPAIGN_STATUSES,
  CAMPAIGN_TYPES,
  addSuggestedAmount,
  campaignToFormValues,
  defaultCampaignValues,
  removeSuggestedAmount,
  shapeCampaignForSave,
  slugify,
  validateCampaign,
  type CampaignFormErrors,
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
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<CampaignFormErrors>({});
  const [tab, setTab] = useState<TabId>('basic');
  const [newAmount, setNewAmount] = useState('');

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
        setErrors((current) => ({ ...current, slug: error.message }));
        setTab('basic');
      }
      toast.error('Failed to save campaign', error instanceof Error ? error.message : undefined);
    },
  });

  const setField = <K extends CampaignFormField>(field: K, value: CampaignFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!current[field]) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });
  };

  const handleNameChange = (name: string) => {
    setField('name', name);
    // On create only: an existing campaign's slug is part of its public address and stays put.
    if (!isEdit) setField('slug', slugify(name));
  };

  const handleAddAmount = () => {
    const amount = Number(newAmount);
    setField('suggestedAmounts', addSuggestedAmount(values.suggestedAmounts, amount));
    setNewAmount('');
  };

  const handleAmountKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    handleAddAmount();
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateCampaign(values);
    setErrors(found);
    const firstInvalid = FORM_TABS.find((item) => item.fields.some((field) => found[field]));
    if (firstInvalid) {
      setTab(firstInvalid.id);
      return;
    }
    save.mutate(shapeCampaignForSave(values));
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
        <TextField
          label="Campaign Name"
          required
          value={values.name}
          error={errors.name}
          onChange={(event) => handleNameChange(event.target.value)}
        />
        <TextField
          label="Slug"
          required
          value={values.slug}
          error={errors.slug}
          hint="Used in the campaign's public address."
          onChange={(event) => setField('slug', event.target.value)}
        />
        <Select
          label="Campaign Type"
          required
          options={TYPE_OPTIONS}
          placeholder="Select a type"
          value={values.campaignType}
          error={errors.campaignType}
          onChange={(event) => setField('campaignType', event.target.value)}
        />
        <Select
          label="Status"
          options={STATUS_OPTIONS}
          value={values.status}
          onChange={(event) => setField('status', event.target.value)}
        />
        <TextField
          className={styles.wide}
          multiline
          label="Description"
          value={values.description}
          onChange={(event) => setField('description', event.target.value)}
        />
      </div>
    ),
    goals: (
      <div className={styles.grid}>
        <TextField
          label="Fundraising Goal ($)"
          type="number"
          min={0}
          step="0.01"
          value={values.fundraisingGoal}
          error={errors.fundraisingGoal}
          onChange={(event) => setField('fundraisingGoal', event.target.value)}
        />
        <TextField
          label="Contact Goal"
          type="number"
          min={0}
          step="1"
          value={values.contactGoal}
          error={errors.contactGoal}
          onChange={(event) => setField('contactGoal', event.target.value)}
        />
        <TextField
          label="Volunteer Goal"
          type="number"
          min={0}
          step="1"
          value={values.volunteerGoal}
          error={errors.volunteerGoal}
          onChange={(event) => setField('volunteerGoal', event.target.value)}
        />
      </div>
    ),
    committees: (
      <div className={styles.grid}>
        <Select
          label="Committee"
          options={committeeOptions}
          placeholder="No committee"
          value={values.committeeId}
          hint={committees.isError ? 'Committees could not be loaded.' : undefined}
          onChange={(event) => setField('committeeId', event.target.value)}
        />
        <Select
          label="Donation Account"
          options={accountOptions}
          placeholder="No donation account"
          value={values.donationAccountId}
          onChange={(event) => setField('donationAccountId', event.target.value)}
        />
      </div>
    ),
    donations: (
      <div className={styles.stack}>
        <Toggle
          label="Allow public donations"
          description="Supporters can give to this campaign from its public donation page."
          checked={values.allowPublicDonations}
          onChange={(checked) => setField('allowPublicDonations', checked)}
        />
        <div className={styles.grid}>
          <TextField
            label="Minimum Donation ($)"
            type="number"
            min={0}
            step="0.01"
            value={values.donationMinimum}
            error={errors.donationMinimum}
            onChange={(event) => setField('donationMinimum', event.target.value)}
          />
          <TextField
            label="Maximum Donation ($)"
            type="number"
            min={0}
            step="0.01"
            value={values.donationMaximum}
            error={errors.donationMaximum}
            hint="0 means no limit."
            onChange={(event) => setField('donationMaximum', event.target.value)}
          />
        </div>
        <fieldset className={styles.amounts}>
          <legend className={styles.legend}>Suggested Amounts</legend>
          {values.suggestedAmounts.length === 0 ? (
            <p className={styles.muted}>No suggested amounts.</p>
          ) : (
            <ul className={styles.chips} aria-label="Suggested amounts">
              {values.suggestedAmounts.map((amount) => (
                <li key={amount} className={styles.chip}>
                  <span>{formatAmount(amount)}</span>
                  <button
                    type="button"
                    className={styles.chipRemove}
                    aria-label={`Remove ${formatAmount(amount)}`}
                    onClick={() => setField('suggestedAmounts', removeSuggestedAmount(values.suggestedAmounts, amount))}
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
        <TextField
          label="Start Date"
          type="date"
          value={values.startDate}
          error={errors.startDate}
          onChange={(event) => setField('startDate', event.target.value)}
        />
        <TextField
          label="End Date"
          type="date"
          value={values.endDate}
          error={errors.endDate}
          onChange={(event) => setField('endDate', event.target.value)}
        />
      </div>
    ),
  };
  const tabs = FORM_TABS.map((item) => ({ id: item.id, label: tabLabel(item), content: panels[item.id] }));

  return (
    <section className={styles.page}>
      <PageHeader title={isEdit ? 'Edit Campaign' : 'Create New Campaign'} actions={<BackLink />} />
      <Card>
        <form noValidate onSubmit={handleSubmit} aria-label={isEdit ? 'Edit Campaign' : 'Create New Campaign'}>
          <Tabs items={tabs} label="Campaign form sections" value={tab} onChange={(next) => setTab(next as TabId)} />
          <div className={styles.footer}>
            <Link to={CAMPAIGNS_PATH} className={buttonClassName({ variant: 'secondary' })}>
              Cancel
            </Link>
            <Button type="submit" loading={save.isPending}>
              {isEdit ? 'Update Campaign' : 'Create Campaign'}
            </Button>
          </div>
        </form>
      </Card>
    </section>
  );
}
