import { render, screen } from '@testing-library/react';
import { Card } from './Card';

describe('Card', () => {
  it('renders a titled section with actions and footer', () => {
    render(
      <Card title="Total Contacts" subtitle="All time" actions={<button type="button">Refresh</button>} footer="Updated today" aria-label="Contacts card">
        <p>2847</p>
      </Card>,
    );
    const card = screen.getByRole('region', { name: 'Contacts card' });
    expect(card).toContainElement(screen.getByRole('heading', { level: 3, name: 'Total Contacts' }));
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    expect(screen.getByText('Updated today')).toBeInTheDocument();
  });
});
