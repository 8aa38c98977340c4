import { ConfirmDialog } from '@caucus/design-system';
import { toast, useMutation, useQueryClient } from '@caucus/design-system/session';
import { campaignsKeys, deleteCampaign, type Campaign, type CampaignsResponse } from '../api/campaignsApi';

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

export function DeleteCampaignDialog({ campaign, onClose, onDeleted }: DeleteCampaignDialogProps) {
  const queryClient = useQueryClient();
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
      onClose();
    },
    onError: (error) => {
      toast.error('Failed to delete campaign', error instanceof Error ? error.message : undefined);
      onClose();
    },
  });

  return (
    <ConfirmDialog
      open={campaign !== null}
      title="Delete campaign"
      pending={remove.isPending}
      onConfirm={() => campaign && remove.mutate(campaign.id)}
      onClose={() => {
        if (!remove.isPending) onClose();
      }}
    >
      {campaign ? <p>{deleteConfirmation(campaign.name)}</p> : null}
    </ConfirmDialog>
  );
}
