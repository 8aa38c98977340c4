// The one TanStack Query module of the page (ADR 0014), shared like the router (router.mjs, ADR 0008):
// `@tanstack/react-query` resolves here in every app and this module is the shared singleton. A shared
// module keeps all its exports, so it re-exports only what the apps use and the rest of TanStack
// Query (hydration, suspense and parallel queries, their observers) is tree-shaken away. An import of
// anything else fails the build (exportsPresence: 'error'): add it here.
// `caucus-react-query-impl` is the package itself (createFederatedConfig.js).
export { QueryClient, QueryClientProvider, keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from 'caucus-react-query-impl';
