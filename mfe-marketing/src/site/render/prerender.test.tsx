import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { renderPage, SITE_PAGES } from './prerender';
import { SiteApp } from './SiteApp';
import { isSitePage, siteTitle } from './sitePages';

describe('prerendered public site', () => {
  it('renders every public page to HTML with its heading, at build time', () => {
    expect(SITE_PAGES).toEqual(expect.arrayContaining(['/', '/pricing', '/about', '/contact']));
    expect(renderPage('/')).toContain('Caucus: raise more, organize better, win together');
    // Plans come from the API (the plans table), so the page is prerendered without them.
    const pricing = renderPage('/pricing');
    expect(pricing).toContain('Simple pricing for every team');
    expect(pricing).toContain('Loading plans');
  });

  it('hydrates the prerendered HTML without a mismatch', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderPage('/about');
    document.body.appendChild(container);
    const errors: unknown[] = [];
    const spy = jest.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
    await act(async () => {
      hydrateRoot(
        container,
        <MemoryRouter initialEntries={['/about']}>
          <SiteApp />
        </MemoryRouter>,
        { onRecoverableError: (error) => errors.push(error) },
      );
    });
    spy.mockRestore();
    expect(errors).toEqual([]);
    expect(container.querySelector('h1')?.textContent).toBe('About Caucus');
  });

  it('knows its pages and names them as the shell does', () => {
    expect(isSitePage('/pricing/')).toBe(true);
    expect(isSitePage('/signup')).toBe(false);
    expect(isSitePage('/dashboard')).toBe(false);
    expect(siteTitle('/')).toBe('Caucus — Home');
    expect(siteTitle('/case-studies')).toBe('Caucus — Case Studies');
  });
});
