import { render, screen } from '@testing-library/react';
import { VisuallyHidden } from './VisuallyHidden';

describe('VisuallyHidden', () => {
  test('completes the accessible name of what holds it', () => {
    render(
      <button type="button">
        Download CSV<VisuallyHidden> of Donation Report</VisuallyHidden>
      </button>,
    );
    expect(screen.getByRole('button', { name: 'Download CSV of Donation Report' })).toBeInTheDocument();
  });
});
