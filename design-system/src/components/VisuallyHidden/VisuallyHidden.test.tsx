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

  test('holds block content in a div', () => {
    render(
      <VisuallyHidden as="div">
        <table>
          <caption>Raised by month</caption>
          <tbody>
            <tr>
              <td>$1,000</td>
            </tr>
          </tbody>
        </table>
      </VisuallyHidden>,
    );
    expect(screen.getByRole('table', { name: 'Raised by month' }).parentElement?.tagName).toBe('DIV');
  });
});
