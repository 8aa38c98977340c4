import { Button } from '@caucus/design-system';
import { toast, useMutation, useQueryClient } from '@caucus/platform';
import { campaignsKeys, unarchiveCampaign, type Campaign } from '../api/campaignsApi';

/** Gives an archived campaign back the status it had, so it returns to the pickers. */
export function UnarchiveButton({ campaign }: { campaign: Campaign }) {
  const queryClient = useQueryClient();
  const unarchive = useMutation({
    mutationFn: () => unarchiveCampaign(campaign.id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: campaignsKeys.all });
      toast.success('Campaign unarchived');
    },
    onError: (error) => toast.error('Failed to unarchive campaign', error instanceof Error ? error.message : undefined),
  });
  return (
    <Button variant="secondary" onClick={() => unarchive.mutate()} loading={unarchive.isPending} aria-label={`Unarchive ${campaign.name}`}>
      Unarchive
    </Button>
  );
}
