import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Section } from '../Section';
import { mockApi, pending, renderAt } from '@caucus/platform/testing';

const PLANS = [
  { id: 'starter', name: 'Starter', price: 100, users: 1, popular: false },
  { id: 'growth', name: 'Growth', price: 200, users: 2, popular: true },
  { id: 'team', name: 'Team', price: 300, users: 5, popular: false },
  { id: 'organization', name: 'Organization', price: 500, users: 10, popular: false },
];

function renderSite(path: string) {
  return renderAt(path, '*', <Section />);
}

function linksOf(container: HTMLElement) {
  return within(container)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('public site layout', () => {
  beforeEach(() => mockApi(() => ({ body: { data: { plans: PLANS } } })));

  test('the header has the logo, the navigation, Login and Get Started', () => {
    renderSite('/');
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Caucus' })).toHaveAttribute('href', '/');
    expect(linksOf(within(header).getByRole('navigation', { name: 'Main' }))).toEqual([
      ['Home', '/'],
      ['About', '/about'],
      ['Pricing', '/pricing'],
      ['Users', '/users'],
    ]);
    expect(within(header).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(header).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');
  });

  test('the footer links are exactly the documented list', () => {
    renderSite('/');
    const footer = within(screen.getByRole('contentinfo')).getByRole('navigation', { name: 'Footer' });
    const hrefs = linksOf(footer).map(([, href]) => href);
    expect([...hrefs].sort()).toEqual(
      [
        '/features', '/integrations', '/security', '/demo', '/case-studies', '/blog', '/help', '/guides', '/webinars',
        '/api-docs', '/press', '/contact', '/status', '/training', '/privacy', '/terms', '/compliance', '/cookies',
      ].sort(),
    );
    expect(within(footer).getByRole('link', { name: 'FEC Compliance' })).toHaveAttribute('href', '/compliance');
  });

  test('the mobile menu toggles open and closed', async () => {
    renderSite('/');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById('site-menu')).toHaveAttribute('data-open', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('navigation scrolls smoothly to the top, and Back to Top does too', async () => {
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderSite('/');
    scrollTo.mockClear();
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'About' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'About Caucus' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    scrollTo.mockClear();
    await userEvent.click(screen.getByRole('button', { name: /Back to Top/ }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    scrollTo.mockRestore();
  });
});

describe('public pages', () => {
  test('home has the hero, features, organization types and calls to action', async () => {
    mockApi(() => ({ body: { data: { plans: PLANS } } }));
    renderSite('/');
    expect(screen.getByRole('heading', { level: 1, name: /Caucus/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Everything your team needs' })).toBeInTheDocument();
    expect(screen.getByText('Political campaigns')).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getAllByRole('link', { name: 'Get Started' })[0]).toHaveAttribute('href', '/signup');
    expect(within(main).getByRole('link', { name: 'Request a Demo' })).toHaveAttribute('href', '/demo');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Dashboard', 'Contacts', 'Campaigns']);
  });

  test('pricing shows the four plans from the API with their prices and signup links', async () => {
    const fetchMock = mockApi(() => ({ body: { data: { plans: PLANS } } }));
    renderSite('/pricing');
    for (const [plan, price] of [['Starter', '$100'], ['Growth', '$200'], ['Team', '$300'], ['Organization', '$500']]) {
      const card = await screen.findByRole('article', { name: plan });
      expect(within(card).getByText(price)).toBeInTheDocument();
    }
    expect(within(screen.getByRole('article', { name: 'Growth' })).getByText('Most Popular')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Starter' })).queryByText('Most Popular')).not.toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Team' })).getByText('5 users')).toBeInTheDocument();
    for (const plan of PLANS) {
      expect(screen.getByRole('link', { name: `Get Started with ${plan.name}` })).toHaveAttribute('href', `/signup?plan=${plan.id}`);
    }
    expect(new URL(String(fetchMock.mock.calls[0][0]), 'http://localhost').pathname).toBe('/api/billing/plans');
  });

  test('pricing shows loading, then the API message with Retry', async () => {
    let calls = 0;
    mockApi(() => {
      calls += 1;
      return calls === 1 ? pending() : { body: { data: { plans: PLANS } } };
    });
    const { unmount } = renderSite('/pricing');
    expect(screen.getByLabelText('Loading plans')).toHaveAttribute('aria-busy', 'true');
    unmount();

    let attempts = 0;
    mockApi(() => {
      attempts += 1;
      return attempts === 1 ? { status: 503, body: { message: 'Billing is offline' } } : { body: { data: { plans: PLANS } } };
    });
    renderSite('/pricing');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Billing is offline');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Growth' })).toBeInTheDocument();
  });

  test.each([
    ['/about', 'About Caucus'],
    ['/users', 'Built for every kind of organizer'],
    ['/status', 'All systems operational'],
    ['/compliance', 'FEC Compliance'],
    ['/blog', 'Blog & Case Studies'],
    ['/case-studies', 'Blog & Case Studies'],
    ['/help', 'Help Center'],
    ['/api-docs', 'Help Center'],
    ['/training', 'Help Center'],
    ['/privacy', 'Privacy Policy'],
    ['/contact', 'Contact us'],
  ])('%s renders its page', (path, heading) => {
    mockApi(() => ({ body: { data: { plans: PLANS } } }));
    renderSite(path);
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  test('compliance lists Forms 3, 3X, 24 and 48', () => {
    mockApi(() => ({ body: { data: { plans: PLANS } } }));
    renderSite('/compliance');
    for (const form of ['Form 3 ', 'Form 3X ', 'Form 24 ', 'Form 48 ']) {
      expect(screen.getByText((text) => text.startsWith(form))).toBeInTheDocument();
    }
  });

  test('demo links to /contact', () => {
    mockApi(() => ({ body: { data: { plans: PLANS } } }));
    renderSite('/demo');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
  });

  test('signup shows the Choose Plan step without the shared layout', async () => {
    mockApi(() => ({ body: { data: { plans: PLANS } } }));
    renderSite('/signup?plan=growth');
    expect(screen.getByRole('heading', { level: 1, name: 'Choose Plan' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Compare plans' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  test('/signup-new (in the page-title map as Sign Up) shows the signup, not Page not found', async () => {
    mockApi(() => ({ body: { data: { plans: PLANS } } }));
    renderSite('/signup-new?plan=growth');
    expect(screen.getByRole('heading', { level: 1, name: 'Choose Plan' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Compare plans' })).toHaveAttribute('href', '/pricing');
    expect(screen.queryByText('Page not found')).not.toBeInTheDocument();
  });

  test('blog and case studies: three posts, a category sidebar and a newsletter box without a submit', async () => {
    mockApi(() => ({ body: { data: { plans: PLANS } } }));
    renderSite('/case-studies');
    const main = screen.getByRole('main');
    expect(within(main).getAllByRole('article')).toHaveLength(3);
    const sidebar = screen.getByRole('complementary', { name: 'Blog sidebar' });
    await userEvent.click(within(sidebar).getByRole('button', { name: /^Compliance/ }));
    expect(within(main).getAllByRole('article')).toHaveLength(1);
    expect(within(sidebar).getByRole('button', { name: /^Compliance/ })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(sidebar).getByRole('button', { name: /^All posts/ }));
    expect(within(main).getAllByRole('article')).toHaveLength(3);
    const newsletter = within(sidebar).getByRole('textbox', { name: 'Email address' });
    expect(newsletter).toHaveAttribute('type', 'email');
    expect(newsletter.closest('form')).toBeNull();
    expect(within(sidebar).queryByRole('button', { name: /subscribe/i })).not.toBeInTheDocument();
  });

  test('status lists every component as operational', () => {
    mockApi(() => ({ body: { data: { plans: PLANS } } }));
    renderSite('/status');
    const items = within(screen.getByRole('list', { name: 'Components' })).getAllByRole('listitem');
    expect(items.length).toBeGreaterThanOrEqual(5);
    for (const item of items) expect(item).toHaveTextContent('Operational');
  });

  test('terms state the pricing notice, the guarantee and the support reply time', () => {
    mockApi(() => ({ body: { data: { plans: PLANS } } }));
    renderSite('/terms');
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent('30 days notice');
    expect(main).toHaveTextContent('30-day money-back guarantee');
    expect(main).toHaveTextContent('within 24 hours');
  });

  test('the home preview switches between the Dashboard, Contacts and Campaigns tabs', async () => {
    mockApi(() => ({ body: { data: { plans: PLANS } } }));
    renderSite('/');
    expect(screen.getByText('Total Raised')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Contacts' }));
    expect(screen.getByRole('tab', { name: 'Contacts' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Maria Gonzalez')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Campaigns' }));
    expect(screen.getByText('Spring Fundraising Drive')).toBeInTheDocument();
  });

  test('every header and footer link opens a real page, never the 404', () => {
    mockApi(() => ({ body: { data: { plans: PLANS } } }));
    const { unmount } = renderSite('/');
    const hrefs = [
      ...within(screen.getByRole('banner')).getAllByRole('link'),
      ...within(screen.getByRole('contentinfo')).getAllByRole('link'),
    ].map((link) => link.getAttribute('href') ?? '');
    unmount();
    // The shell owns these; the remote never sees them.
    const shellPaths = ['/login'];
    const sitePaths = [...new Set(hrefs)].filter((href) => !shellPaths.includes(href));
    expect(sitePaths.length).toBeGreaterThanOrEqual(22);
    for (const path of sitePaths) {
      const view = renderSite(path);
      expect(screen.getByRole('heading', { level: 1 })).not.toHaveTextContent('Page not found');
      view.unmount();
    }
  });

  test('an unknown path shows a 404 page with a link home', () => {
    mockApi(() => ({ body: { data: { plans: PLANS } } }));
    renderSite('/no-such-page');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });
});
