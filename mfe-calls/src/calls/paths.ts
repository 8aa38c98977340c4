/** Where the shell mounts this section (ADR 0001: sections get full paths, no basename). */
export const CALLS_PATH = '/dashboard/calls-meetings';
export const FOLLOW_UPS_PATH = `${CALLS_PATH}/follow-ups`;
export const MEETINGS_PATH = `${CALLS_PATH}/meetings`;

export function sessionPath(id: string): string {
  return `${CALLS_PATH}/sessions/${encodeURIComponent(id)}`;
}

export function callerPath(id: string): string {
  return `${sessionPath(id)}/call`;
}
