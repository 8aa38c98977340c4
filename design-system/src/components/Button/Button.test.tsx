import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from './Button';

describe('Button', () => {
  it('is a type=button by default and calls onClick', async () => {
    const handleClick = jest.fn();
    render(<Button onClick={handleClick}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    expect(handleClick).toHaveBeenCalledTimes(1);
  });

  it('while loading is busy, disabled and ignores clicks', async () => {
    const handleClick = jest.fn();
    render(
      <Button loading onClick={handleClick}>
        Create Contact
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Create Contact' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(handleClick).not.toHaveBeenCalled();
  });

  it('disabled blocks clicks', async () => {
    const handleClick = jest.fn();
    render(
      <Button disabled onClick={handleClick}>
        Next
      </Button>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(handleClick).not.toHaveBeenCalled();
  });

  it('renders a link when given href, and a disabled link is inert', async () => {
    const { rerender } = render(<Button href="/signup">Get Started</Button>);
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');
    const handleClick = jest.fn();
    rerender(
      <Button href="/signup" disabled onClick={handleClick}>
        Get Started
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Get Started' });
    expect(link).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(link);
    expect(handleClick).not.toHaveBeenCalled();
  });

  it('applies variant and size classes', () => {
    render(
      <Button variant="danger" size="lg">
        Delete
      </Button>,
    );
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveClass('danger', 'lg');
  });
});
