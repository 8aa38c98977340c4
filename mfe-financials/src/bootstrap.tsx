import { mountStandalone } from '@caucus/design-system/session';
import { Section } from './Section';

// Standalone page only: the design system's harness stands in for the shell's router, providers and frame.
mountStandalone({ Section, sectionPath: '/dashboard/financials', title: 'Financials' });
