export { GoalsTab } from './GoalsTab';
