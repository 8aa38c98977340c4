/** Where the shell mounts this section (ADR 0001: sections get full paths, no basename). */
export const EVENTS_PATH = '/dashboard/events';
/** Opens the events list with the create form; `?campaignId=` picks the campaign. */
export const NEW_EVENT_PATH = `${EVENTS_PATH}/new`;

export function eventPath(id: string): string {
  return `${EVENTS_PATH}/${encodeURIComponent(id)}`;
}
