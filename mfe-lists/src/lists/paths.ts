/** Where the shell mounts this section (sections get full paths, no basename). */
export const LISTS_PATH = '/dashboard/lists';
export const NEW_LIST_PATH = `${LISTS_PATH}/new`;

export function listPath(id: string): string {
  return `${LISTS_PATH}/${encodeURIComponent(id)}`;
}

export function editListPath(id: string): string {
  return `${listPath(id)}/edit`;
}
