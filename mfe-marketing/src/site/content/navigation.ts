export type NavLink = { label: string; to: string };

/** The header navigation, in order (docs/product/screens.md, Public site). */
export const HEADER_LINKS: NavLink[] = [
  { label: 'Home', to: '/' },
  { label: 'About', to: '/about' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'Users', to: '/users' },
];

export const HEADER_ACTIONS = {
  login: { label: 'Login', to: '/login' },
  signup: { label: 'Get Started', to: '/signup' },
} as const;

/** Exactly these footer links, in their groups (docs/product/screens.md, Public site). */
export const FOOTER_GROUPS: { title: string; links: NavLink[] }[] = [
  {
    title: 'Product',
    links: [
      { label: 'Features', to: '/features' },
      { label: 'Integrations', to: '/integrations' },
      { label: 'Security', to: '/security' },
      { label: 'Demo', to: '/demo' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { label: 'Case Studies', to: '/case-studies' },
      { label: 'Blog', to: '/blog' },
      { label: 'Help Center', to: '/help' },
      { label: 'Guides', to: '/guides' },
      { label: 'Webinars', to: '/webinars' },
      { label: 'API Docs', to: '/api-docs' },
      { label: 'Training', to: '/training' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'Press', to: '/press' },
      { label: 'Contact', to: '/contact' },
      { label: 'Status', to: '/status' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy', to: '/privacy' },
      { label: 'Terms', to: '/terms' },
      { label: 'FEC Compliance', to: '/compliance' },
      { label: 'Cookies', to: '/cookies' },
    ],
  },
];

export const SUPPORT_EMAIL = 'support@caucus.app';
