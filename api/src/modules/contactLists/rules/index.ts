export { compileRules, type SqlCondition } from './compile';
export type { RuleContext } from './context';
export { explainRules, rulesHold, toContactFacts, type ContactFacts } from './evaluate';
