// The contract's rules for the signup's steps (the one source of their messages), in a chunk of
// their own: the signup page loads it when its form is first used (islands/signup.ts, ADR 0014).
export { PLAN_REQUIRED_MESSAGE, signupAccountStepSchema, signupPlanStepSchema, signupSchema } from '@caucus/contract';
