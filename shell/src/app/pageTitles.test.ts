import { documentTitle, pageName } from './pageTitles';

test.each([
  ['/', 'Home'],
  ['/about', 'About'],
  ['/pricing', 'Pricing'],
  ['/users', 'Users'],
  ['/login', 'Login'],
  ['/signup', 'Sign Up'],
  ['/signup-new', 'Sign Up'],
  ['/forgot-password', 'Forgot Password'],
  ['/reset-password', 'Reset Password'],
  ['/dashboard', 'Dashboard'],
  ['/dashboard/', 'Dashboard'],
  ['/dashboard/campaigns', 'Campaigns'],
  ['/dashboard/campaigns/c-1', 'Campaign Details'],
  ['/dashboard/contacts', 'Contacts'],
  ['/dashboard/contacts/c-1', 'Contact Details'],
  ['/dashboard/contacts/new', 'Contacts'],
  ['/dashboard/events/e-1', 'Event Details'],
  ['/dashboard/settings', 'Settings'],
  ['/dashboard/calls-meetings', 'Calls & Meetings'],
  ['/campaigns/c-1', 'Campaign Details'],
  ['/data-analytics', 'Data Analytics'],
  ['/case-studies', 'Case Studies'],
])('%s is titled %s', (path, name) => {
  expect(pageName(path)).toBe(name);
});

test('the document title names the product and the page', () => {
  expect(documentTitle('/login')).toBe('Caucus — Login');
});
