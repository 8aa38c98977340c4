import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { caucusStore } from './store';
import { api } from './apiClient';
import { sessionAtom } from './sessionState';
import { setWorkspacePreferences, workspacePreferencesAtom, type WorkspacePreferences } from './workspaceDates';

/**
 * The shell's settings read the same key, so the frame and every remote share one cached request
 * per page, and a saved setting (which invalidates ['settings']) reaches the remotes too.
 */
export const WORKSPACE_QUERY_KEY = ['settings', 'workspace'] as const;

type WorkspaceAnswer = { timezone?: unknown; dateFormat?: unknown };

/**
 * The signed-in user's timezone and date format (their own from Settings > Account, else the
 * workspace's: the server decides), for components that print dates. It reads GET
 * /api/settings/workspace once signed in and keeps the shared store in step, so the plain helpers
 * (formatDateTime, formatCalendarDate) print in the workspace's terms; a component that calls it
 * re-renders when they change. Until the answer comes, the defaults apply.
 */
export function useWorkspacePreferences(): WorkspacePreferences {
  const signedIn = useAtomValue(sessionAtom, { store: caucusStore }) !== null;
  const { data } = useQuery({
    queryKey: WORKSPACE_QUERY_KEY,
    queryFn: ({ signal }) => api.get<WorkspaceAnswer>('/settings/workspace', { signal }),
    enabled: signedIn,
    // A failed read keeps the defaults; it is no reason to retry in a loop.
    retry: false,
  });
  useEffect(() => {
    if (data) setWorkspacePreferences(data);
  }, [data]);
  return useAtomValue(workspacePreferencesAtom, { store: caucusStore });
}

/**
 * The preferences the date helpers print with, for a component that prints dates but does not own
 * the settings read (a remote's widget: the shell's frame keeps them in step). It re-renders when
 * they change; it needs no query client.
 */
export function useWorkspaceDatePreferences(): WorkspacePreferences {
  return useAtomValue(workspacePreferencesAtom, { store: caucusStore });
}
