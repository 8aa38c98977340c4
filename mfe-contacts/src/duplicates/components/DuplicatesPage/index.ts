export { DuplicatesPage } from './DuplicatesPage';
