export { dashboardModuleRoutes } from './routes';
