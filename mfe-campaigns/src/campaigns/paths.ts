/** Where the shell mounts this section (ADR 0001: sections get full paths, no basename). */
export const CAMPAIGNS_PATH = '/dashboard/campaigns';
export const NEW_CAMPAIGN_PATH = `${CAMPAIGNS_PATH}/new`;

export function editCampaignPath(id: string): string {
  return `${CAMPAIGNS_PATH}/${encodeURIComponent(id)}/edit`;
}
