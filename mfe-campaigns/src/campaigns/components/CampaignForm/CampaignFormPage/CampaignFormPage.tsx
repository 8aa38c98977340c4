import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { FieldErrors } from 'react-hook-form';
import { Button, Card, ErrorState, PageHeader, Skeleton, Tabs, buttonClassName } from '@caucus/design-system';
import { Form } from '@caucus/design-system/form';
import { ApiError, analytics, toast, useMutation, useQuery, useQueryClient } from '@caucus/platform';
import { campaignsKeys, createCampaign, fetchCampaign, updateCampaign } from '../../../api/campaignsApi';
import { useCampaignForm } from '../../../hooks/useCampaignForm';
import { useCommittees, useDonationAccounts } from '../../../hooks/useCampaigns';
import { CAMPAIGNS_PATH } from '../../../paths';
import { campaignToFormValues, defaultCampaignValues, shapeCampaignForSave, type CampaignFormValues, type CampaignPayload } from '../../../utils/campaignRules';
import { BasicInfoTab } from '../BasicInfoTab';
import { FORM_TABS, type CampaignTabId } from '../campaignFormTabs';
import { CommitteesTab } from '../CommitteesTab';
import { DonationSettingsTab } from '../DonationSettingsTab';
import { GoalsTab } from '../GoalsTab';
import { TimelineTab } from '../TimelineTab';
import styles from './CampaignFormPage.module.css';

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
        <ErrorState title="Failed to load campaign details" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
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

/**
 * The campaign form: owns the form (one react-hook-form over the contract's rules), the selected tab,
 * and saving. Each tab reads the form from the surrounding Form.
 */
function CampaignForm({ campaignId, initialValues }: CampaignFormProps) {
  const isEdit = campaignId !== null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useCampaignForm(initialValues);
  const { errors } = form.formState;
  const [tab, setTab] = useState<CampaignTabId>('basic');
  // Tabs mounts only the open panel: the amount being typed lives here, as the fields live in the form.
  const [newAmount, setNewAmount] = useState('');
  // The committees and donation accounts start loading with the form, so their tab lists them at once.
  useCommittees();
  useDonationAccounts(campaignId);

  const save = useMutation({
    mutationFn: (payload: CampaignPayload) => (campaignId ? updateCampaign(campaignId, payload) : createCampaign(payload)),
    onSuccess: ({ campaign }) => {
      if (!isEdit) analytics.track('campaign_created', { campaignId: campaign.id, campaignType: campaign.campaignType });
      void queryClient.invalidateQueries({ queryKey: campaignsKeys.all });
      toast.success(isEdit ? 'Campaign updated' : 'Campaign created', campaign.name);
      void navigate(CAMPAIGNS_PATH);
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
          {' '}
          !
        </span>
      </>
    ) : (
      item.label
    );

  const panels: Record<CampaignTabId, ReactNode> = {
    basic: <BasicInfoTab isEdit={isEdit} />,
    goals: <GoalsTab />,
    committees: <CommitteesTab campaignId={campaignId} />,
    donations: <DonationSettingsTab newAmount={newAmount} onNewAmountChange={setNewAmount} />,
    timeline: <TimelineTab />,
  };
  const tabs = FORM_TABS.map((item) => ({ id: item.id, label: tabLabel(item), content: panels[item.id] }));

  return (
    <section className={styles.page}>
      <PageHeader title={isEdit ? 'Edit Campaign' : 'Create New Campaign'} actions={<BackLink />} />
      <Card>
        <Form form={form} onSubmit={handleSubmit} onInvalid={handleInvalid} aria-label={isEdit ? 'Edit Campaign' : 'Create New Campaign'}>
          <Tabs items={tabs} label="Campaign form sections" value={tab} onChange={(next) => setTab(next as CampaignTabId)} />
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
