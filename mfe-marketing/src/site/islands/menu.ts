// The header's menu button on a prerendered page, without React (ADR 0014): the same attributes
// SiteHeader sets from its state, so the header's CSS shows and hides the menu the same way.

function setOpen(toggle: HTMLButtonElement, menu: HTMLElement, open: boolean): void {
  toggle.setAttribute('aria-expanded', String(open));
  toggle.setAttribute('aria-label', open ? 'Close menu' : 'Open menu');
  toggle.querySelector('[data-open]')?.setAttribute('data-open', String(open));
  menu.setAttribute('data-open', String(open));
}

/**
 * Makes the mobile menu button work. Returns what hands the header over to React when it hydrates
 * the page: the menu closed (as React's first render has it), the island's listener removed.
 */
export function mountMenu(root: ParentNode): () => void {
  const toggle = root.querySelector<HTMLButtonElement>('button[aria-controls="site-menu"]');
  const menu = root.querySelector<HTMLElement>('#site-menu');
  if (!toggle || !menu) return () => undefined;
  const onClick = () => setOpen(toggle, menu, toggle.getAttribute('aria-expanded') !== 'true');
  toggle.addEventListener('click', onClick);
  return () => {
    toggle.removeEventListener('click', onClick);
    setOpen(toggle, menu, false);
  };
}
