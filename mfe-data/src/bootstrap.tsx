import { mountStandalone } from '@caucus/platform';
import { Section } from './Section';

// Standalone page only: the design system's harness stands in for the shell's router, providers and frame.
void mountStandalone({ Section, sectionPath: '/dashboard/data', title: 'Data' });
