// The footer's Back to Top button on a prerendered page, without React (ADR 0014).

const toTop = () => window.scrollTo({ top: 0, behavior: 'smooth' });

/** Returns what removes the island's listeners (React takes the button over when it hydrates). */
export function mountBackToTop(root: ParentNode): () => void {
  const buttons = [...root.querySelectorAll<HTMLButtonElement>('button[data-back-to-top]')];
  for (const button of buttons) button.addEventListener('click', toTop);
  return () => {
    for (const button of buttons) button.removeEventListener('click', toTop);
  };
}
