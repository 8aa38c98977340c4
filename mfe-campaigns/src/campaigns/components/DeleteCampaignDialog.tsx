import { useState } from 'react';
import { ConfirmDialog } from '@caucus/design-system';
import { ApiError, toast, useMutation, useQueryClient } from '@caucus/platform';
import { archiveCampaign, campaignsKeys, deleteCampaign, type Campaign, type CampaignsResponse } from '../api/campaignsApi';

export type DeleteCampaignDialogProps = {
  /** The campaign to confirm; null keeps the dialog closed. */
  campaign: Campaign | null;
  onClose: () => void;
  /** After the campaign is gone (the campaign's own page leaves for the list). */
  onDeleted?: (campaign: Campaign) => void;
};

export function deleteConfirmation(name: string): string {
  return `Are you sure you want to delete "${name}"?`;
}

/** The API refuses to delete a campaign that holds gifts (409) and offers to archive it instead. */
function archiveOffer(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const details = error.details as { action?: unknown } | undefined;
  return details?.action === 'archive' ? error.message : null;
}

/**
 * Confirms a delete. A campaign with donations is never deleted (its receipts must stay reported):
 * the server's refusal is shown as it is, with Archive offered in place of Delete.
 */
export function DeleteCampaignDialog({ campaign, onClose, onDeleted }: DeleteCampaignDialogProps) {
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = () => {
    setRefusal(null);
    onClose();
  };
  const remove = useMutation({
    mutationFn: (id: string) => deleteCampaign(id),
    onSuccess: (_data, id) => {
      queryClient.setQueryData<CampaignsResponse>(campaignsKeys.list(), (current) =>
        current ? { campaigns: current.campaigns.filter((item) => item.id !== id) } : current,
      );
      // Dropped, not refetched: the campaign's own page would only read a 404 on its way out.
      queryClient.removeQueries({ queryKey: campaignsKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: campaignsKeys.all });
      toast.success('Campaign deleted');
      if (campaign) onDeleted?.(campaign);
      close();
    },
    onError: (error) => {
      const offer = archiveOffer(error);
      if (offer) {
        setRefusal(offer);
        return;
      }
      toast.error('Failed to delete campaign', error instanceof Error ? error.message : undefined);
      close();
    },
  });
  const archive = useMutation({
    mutationFn: (id: string) => archiveCampaign(id),
    onSuccess: ({ campaign: archived }) => {
      queryClient.setQueryData<CampaignsResponse>(campaignsKeys.list(), (current) =>
        current ? { campaigns: current.campaigns.map((item) => (item.id === archived.id ? archived : item)) } : current,
      );
      void queryClient.invalidateQueries({ queryKey: campaignsKeys.all });
      toast.success('Campaign archived', 'Its donations and reports stay; find it under the Archived filter.');
      close();
    },
    onError: (error) => {
      toast.error('Failed to archive campaign', error instanceof Error ? error.message : undefined);
      close();
    },
  });
  const pending = remove.isPending || archive.isPending;

  return (
    <ConfirmDialog
      open={campaign !== null}
      title={refusal ? 'Archive campaign instead' : 'Delete campaign'}
      confirmLabel={refusal ? 'Archive' : 'Delete'}
      pending={pending}
      onConfirm={() => campaign && (refusal ? archive.mutate(campaign.id) : remove.mutate(campaign.id))}
      onClose={() => {
        if (!pending) close();
      }}
    >
      {campaign && refusal ? (
        <>
          <p role="alert">{refusal}</p>
          <p>Archiving keeps its donations, totals, Schedule A receipts and excess flags, and takes it out of the pickers.</p>
        </>
      ) : campaign ? (
        <p>{deleteConfirmation(campaign.name)}</p>
      ) : null}
    </ConfirmDialog>
  );
}
