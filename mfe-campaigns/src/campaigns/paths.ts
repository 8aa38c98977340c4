/** Where the shell mounts this section (ADR 0001: sections get full paths, no basename). */
export const CAMPAIGNS_PATH = '/dashboard/campaigns';
export const NEW_CAMPAIGN_PATH = `${CAMPAIGNS_PATH}/new`;

export function editCampaignPath(id: string): string {
  return `${CAMPAIGNS_PATH}/${encodeURIComponent(id)}/edit`;
}

export function campaignPath(id: string): string {
  return `${CAMPAIGNS_PATH}/${encodeURIComponent(id)}`;
}

// Other sections' URLs, where this section's empty states send the user to fill them.
export const NEW_EVENT_PATH = '/dashboard/events/new';
export const DATA_IMPORT_PATH = '/dashboard/data';

export function eventPath(id: string): string {
  return `/dashboard/events/${encodeURIComponent(id)}`;
}

export function contactPath(id: string): string {
  return `/dashboard/contacts/${encodeURIComponent(id)}`;
}

export function newEventForCampaignPath(campaignId: string): string {
  return `${NEW_EVENT_PATH}?campaignId=${encodeURIComponent(campaignId)}`;
}
