import { render, screen } from '@testing-library/react';
import { CardGrid } from './CardGrid';

describe('CardGrid', () => {
  it('lays out its cards with the column width it is given', () => {
    render(
      <CardGrid minItemWidth="20rem" aria-label="Campaigns">
        <article>Spring Canvass</article>
        <article>Major Donors</article>
      </CardGrid>,
    );
    const grid = screen.getByLabelText('Campaigns');
    expect(grid.children).toHaveLength(2);
    expect(grid.style.getPropertyValue('--caucus-card-grid-min')).toBe('20rem');
  });

  it('passes a busy state through for the loading placeholders', () => {
    render(<CardGrid aria-busy="true" aria-label="Loading events" />);
    expect(screen.getByLabelText('Loading events')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByLabelText('Loading events').style.getPropertyValue('--caucus-card-grid-min')).toBe('18rem');
  });
});
