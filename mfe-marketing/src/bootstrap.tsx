import { mountStandalone } from '@caucus/design-system/session';
import { Section } from './Section';

// The public site needs no sign-in: the harness only gives it the shell's router and providers.
mountStandalone({ Section, title: 'Marketing', requireLogin: false });
