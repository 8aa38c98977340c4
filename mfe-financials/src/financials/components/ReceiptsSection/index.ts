export { ReceiptsSection } from './ReceiptsSection';
