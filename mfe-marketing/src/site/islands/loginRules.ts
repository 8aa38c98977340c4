// The contract's rules for the sign-in's forms (the one source of their messages), in a chunk of
// their own: the sign-in page loads it when a form is first used (islands/login.ts, ADR 0014).
export { loginSchema, recoveryCodeSchema, twoFactorCodeSchema } from '@caucus/contract';
