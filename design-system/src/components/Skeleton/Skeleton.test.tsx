import { render, screen } from '@testing-library/react';
import { Skeleton } from './Skeleton';

describe('Skeleton', () => {
  it('is hidden from assistive tech and renders the requested lines', () => {
    render(<Skeleton lines={3} />);
    const skeleton = screen.getByTestId('skeleton');
    expect(skeleton).toHaveAttribute('aria-hidden', 'true');
    expect(skeleton.children).toHaveLength(3);
  });

  it('sizes a single shape', () => {
    render(<Skeleton width={120} height={16} />);
    expect(screen.getByTestId('skeleton')).toHaveStyle({ width: '120px', height: '16px' });
  });
});
