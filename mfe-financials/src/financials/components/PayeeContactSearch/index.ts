export * from './PayeeContactSearch';
