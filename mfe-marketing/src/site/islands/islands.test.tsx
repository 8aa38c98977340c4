import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { PlanCard } from '../components/PlanCard';
import { renderPage } from '../render/prerender';
import type { Plan } from '../api/plansApi';
import { mountBackToTop } from './backToTop';
import { mountBlogFilter } from './blogFilter';
import { mountMenu } from './menu';
import { planCard, plansErrorView } from './plans';

/** The prerendered page, as the browser gets it before any script runs. */
function prerendered(pathname: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = renderPage(pathname);
  document.body.replaceChildren(root);
  return root;
}

const click = (element: Element | null) => (element as HTMLElement).click();

describe('the islands of the prerendered public site', () => {
  it('opens and closes the mobile menu as SiteHeader does, and closes it for hydration', () => {
    const root = prerendered('/');
    const handOver = mountMenu(root);
    const toggle = root.querySelector('button[aria-controls="site-menu"]');
    const menu = root.querySelector('#site-menu');
    expect(toggle?.getAttribute('aria-label')).toBe('Open menu');
    click(toggle);
    expect([toggle?.getAttribute('aria-expanded'), toggle?.getAttribute('aria-label'), menu?.getAttribute('data-open')]).toEqual(['true', 'Close menu', 'true']);
    click(toggle);
    expect([toggle?.getAttribute('aria-expanded'), menu?.getAttribute('data-open')]).toEqual(['false', 'false']);
    click(toggle);
    handOver();
    expect(menu?.getAttribute('data-open')).toBe('false');
    click(toggle);
    expect(menu?.getAttribute('data-open')).toBe('false');
  });

  it('scrolls back to the top from the footer', () => {
    const root = prerendered('/about');
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    mountBackToTop(root);
    click(root.querySelector('footer button[data-back-to-top]'));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    scrollTo.mockRestore();
  });

  it('filters the blog by category as BlogPage does', () => {
    const root = prerendered('/blog');
    mountBlogFilter(root);
    const buttons = [...root.querySelectorAll<HTMLButtonElement>('button[data-category]')];
    const category = buttons[1].dataset.category;
    const visible = () => [...root.querySelectorAll<HTMLElement>('article')].filter((post) => !post.hidden);
    const all = visible().length;
    click(buttons[1]);
    expect(visible().length).toBeLessThan(all);
    expect(visible().every((post) => post.dataset.category === category)).toBe(true);
    expect(buttons.map((button) => button.getAttribute('aria-pressed'))).toEqual(buttons.map((_, index) => String(index === 1)));
    click(buttons[0]);
    expect(visible().length).toBe(all);
  });

  it('draws a plan card with the same markup as PlanCard', () => {
    for (const plan of [
      { id: 'growth', name: 'Growth', price: 99, users: 5, popular: true },
      { id: 'starter', name: 'Starter', price: 29, users: 1, popular: false },
    ] satisfies Plan[]) {
      const expected = document.createElement('div');
      expected.innerHTML = renderToStaticMarkup(
        <MemoryRouter>
          <PlanCard plan={plan} />
        </MemoryRouter>,
      );
      // React Router marks its links for its route discovery, which plain links have no use for.
      expected.querySelector('a')?.removeAttribute('data-discover');
      expect(planCard(plan).isEqualNode(expected.firstElementChild)).toBe(true);
    }
  });

  it('shows why the plans could not be loaded, with Retry', () => {
    const retry = jest.fn();
    const view = plansErrorView('Service unavailable', retry);
    expect(view.getAttribute('role')).toBe('alert');
    expect(view.textContent).toContain('Plans could not be loaded');
    expect(view.textContent).toContain('Service unavailable');
    click(view.querySelector('button'));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
