import { render, screen } from '@testing-library/react';
import { ProgressBar } from './ProgressBar';

describe('ProgressBar', () => {
  it('shows the percent to one decimal', () => {
    render(<ProgressBar label="Fundraising progress" value={1234} max={5000} />);
    const bar = screen.getByRole('progressbar', { name: 'Fundraising progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '24.7');
    expect(screen.getByText('24.7%')).toBeInTheDocument();
    expect(screen.getByTestId('progress-fill')).toHaveStyle({ width: '24.68%' });
  });

  it('caps the bar and aria-valuenow at 100', () => {
    render(<ProgressBar label="Fundraising progress" value={7500} max={5000} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByTestId('progress-fill')).toHaveStyle({ width: '100%' });
    expect(screen.getByText('150.0%')).toBeInTheDocument();
  });

  it('is 0% when there is no goal', () => {
    render(<ProgressBar label="Fundraising progress" value={100} max={0} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByText('0.0%')).toBeInTheDocument();
  });
});
