export { AddressesTab } from './AddressesTab';
