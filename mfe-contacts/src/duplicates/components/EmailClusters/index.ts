export { EmailClusters } from './EmailClusters';
