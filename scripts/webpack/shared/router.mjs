// The one router module of the page (ADR 0008): `react-router` and `react-router-dom` resolve here
// in every app, and this module is what the apps share as a singleton. A shared module keeps all
// its exports (other builds may use any of them), so it re-exports only what the apps use and the
// rest of React Router is tree-shaken away. An import of anything else fails the build (the
// apps' sources are parsed with exportsPresence: 'error'): add it here.
// `caucus-router-impl` is React Router's production build (createFederatedConfig.js).
// StaticRouter is for the public site's build-time prerender, which does not use this module.
export {
  BrowserRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  createSearchParams,
  generatePath,
  matchPath,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
} from 'caucus-router-impl';
// No data router (createBrowserRouter, RouterProvider, loaders): the apps route declaratively, and
// the data router alone would add 14 KB to every page.
