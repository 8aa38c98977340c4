export { ContactHistory } from './ContactHistory';
