// The blog's category buttons on a prerendered page, without React (ADR 0014): BlogPage marks each
// post and each button with its category ('' for all posts); a post outside the chosen one is hidden,
// as BlogPage leaves it out.

function choose(root: ParentNode, category: string): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-category]')) {
    button.setAttribute('aria-pressed', String(button.dataset.category === category));
  }
  for (const post of root.querySelectorAll<HTMLElement>('article[data-category]')) {
    post.hidden = category !== '' && post.dataset.category !== category;
  }
}

export function mountBlogFilter(root: ParentNode): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-category]')) {
    button.addEventListener('click', () => choose(root, button.dataset.category ?? ''));
  }
}
