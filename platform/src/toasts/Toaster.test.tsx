import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { caucusStore } from '../store';
import { clearToasts, dismissToast, toast, toastsAtom } from './state';
import { Toaster } from './Toaster';

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  act(() => clearToasts());
  jest.useRealTimers();
});

describe('toasts', () => {
  it('gives sequential ids', () => {
    const first = toast.info('One');
    const second = toast.success('Two');
    const third = toast.error('Three');
    expect([first, second, third]).toEqual([1, 2, 3]);
    expect(caucusStore.get(toastsAtom).map((item) => item.id)).toEqual([first, second, third]);
  });

  it('renders each type with title, message and the right role', () => {
    render(<Toaster />);
    act(() => {
      toast.success('Contact list created successfully');
      toast.error('Error loading contact lists', 'Please try again');
      toast.warning('Missing Required Fields');
      toast.info('Heads up');
    });
    expect(screen.getAllByRole('status').map((node) => node.textContent)).toEqual([
      expect.stringContaining('Contact list created successfully'),
      expect.stringContaining('Heads up'),
    ]);
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    expect(screen.getByText('Please try again')).toBeInTheDocument();
  });

  it('auto-dismisses after 5000 ms by default', () => {
    render(<Toaster />);
    act(() => {
      toast.success('Saved');
    });
    act(() => jest.advanceTimersByTime(4999));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('honours a custom duration, and 0 keeps the toast', () => {
    render(<Toaster />);
    act(() => {
      toast.info('Quick', undefined, { duration: 1000 });
      toast.warning('Sticky', 'Stays until closed', { duration: 0 });
    });
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByText('Quick')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(60_000));
    expect(screen.getByText('Sticky')).toBeInTheDocument();
  });

  it('closes with the close button', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<Toaster />);
    act(() => {
      toast.error('Import Failed', undefined, { duration: 0 });
    });
    await user.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('Import Failed')).not.toBeInTheDocument();
  });

  it('dismissToast removes only that toast', () => {
    const keep = toast.info('Keep');
    const drop = toast.info('Drop');
    dismissToast(drop);
    expect(caucusStore.get(toastsAtom).map((item) => item.id)).toEqual([keep]);
  });
});
