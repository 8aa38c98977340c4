export { EducationTab } from './EducationTab';
