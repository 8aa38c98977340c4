export { analyticsReportsModuleRoutes } from './routes';
