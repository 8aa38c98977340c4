import { mountStandalone } from '@caucus/platform';
import { Section } from './Section';

// The public site needs no sign-in: the harness only gives it the shell's router and providers.
void mountStandalone({ Section, title: 'Marketing', requireLogin: false });
