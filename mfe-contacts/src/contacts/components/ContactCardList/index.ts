export { ContactCardList } from './ContactCardList';
export type { ContactCardListProps } from './ContactCardList';
