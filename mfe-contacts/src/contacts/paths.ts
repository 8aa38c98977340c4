/** Where the shell mounts this section (ADR 0001: sections get full paths, no basename). */
export const CONTACTS_PATH = '/dashboard/contacts';
export const NEW_CONTACT_PATH = `${CONTACTS_PATH}/new`;

export function contactPath(id: string): string {
  return `${CONTACTS_PATH}/${encodeURIComponent(id)}`;
}

export function editContactPath(id: string): string {
  return `${contactPath(id)}/edit`;
}
