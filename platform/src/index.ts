// Public entry `@caucus/platform` (ADR 0001). Shared as a federation singleton.
export type { Session, SessionUser, SessionAccount, LoginData, MeData } from './types';
export {
  sessionAtom,
  sessionStatusAtom,
  setSession,
  getSession,
  getSessionStatus,
  clearSession,
  readStoredSession,
  SESSION_STORAGE_KEY,
  BROWSER_SESSION_COOKIE,
} from './sessionState';
export type { SetSessionOptions, SessionStatus } from './sessionState';
export { useSession, signOut } from './useSession';
export type { UseSessionResult } from './useSession';
export { confirmSession } from './confirmSession';
export type { ConfirmedSession } from './confirmSession';
export { useSessionCheck } from './useSessionCheck';
export type { SessionCheck } from './useSessionCheck';
export { sessionFromLogin } from './sessionFromLogin';
export { can, useCan } from './permissions';
export {
  api,
  ApiError,
  configureApi,
  getApiBaseUrl,
  setUnauthorizedHandler,
  toQueryString,
  apiUrl,
  DEFAULT_ERROR_MESSAGE,
  UNAUTHORIZED_MESSAGE,
  NETWORK_ERROR_MESSAGE,
} from './apiClient';
export type { RequestOptions, QueryParams, QueryValue } from './apiClient';
export { createQueryClient } from './queryClient';
export {
  formatUsd,
  formatWholeUsd,
  formatAmount,
  formatCount,
  toAmount,
  progressPercent,
  formatPercent,
  formatDay,
  formatMonth,
  formatDateTime,
  formatCalendarDate,
  formatInstantDate,
  formatTime,
  formatDate,
  workspaceCalendarDate,
} from './format';
export type { Amount, MoneyOptions } from './format';
export {
  workspaceWallClock,
  workspaceFloatingDate,
  workspaceInstant,
  getWorkspacePreferences,
  setWorkspacePreferences,
  toWorkspacePreferences,
  workspacePreferencesAtom,
  DEFAULT_WORKSPACE_PREFERENCES,
} from './workspaceDates';
export type { WorkspacePreferences, WorkspaceDateFormat } from './workspaceDates';
export { useWorkspacePreferences, useWorkspaceDatePreferences, WORKSPACE_QUERY_KEY } from './useWorkspacePreferences';
export { analytics } from './analytics';
export type { AnalyticsEvent, AnalyticsProperties } from './analytics';
export { caucusStore } from './store';
export { toast, toastsAtom, dismissToast, clearToasts, DEFAULT_TOAST_DURATION } from './toasts/state';
export type { Toast, ToastType, ToastOptions } from './toasts/state';
export { Toaster } from './toasts/Toaster';
export { QueryState } from './QueryState';
export type { QueryStateProps, QueryStateQuery } from './QueryState';
export type { ToasterProps } from './toasts/Toaster';
// One copy of the query and store providers for every section (both are federation singletons).
export { QueryClient, QueryClientProvider, useQuery, useMutation, useQueryClient, useInfiniteQuery, keepPreviousData } from '@tanstack/react-query';
export { Provider as JotaiProvider } from 'jotai';
// Standalone page of a remote (its bootstrap.tsx); the shell never renders these.
// The harness itself loads with it (harness/loadStandalone.ts), not with this entry.
export { mountStandalone } from './harness/loadStandalone';
export type { MountStandaloneOptions, StandaloneOptions } from './harness/mountStandalone';
