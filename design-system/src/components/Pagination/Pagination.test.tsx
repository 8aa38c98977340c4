import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pagination } from './Pagination';

describe('Pagination', () => {
  it("reads 'Page X of Y' and disables Previous on the first page", async () => {
    const handlePageChange = jest.fn();
    render(<Pagination page={1} pageCount={3} onPageChange={handlePageChange} />);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(handlePageChange).toHaveBeenCalledWith(2);
  });

  it('disables Next on the last page', async () => {
    const handlePageChange = jest.fn();
    render(<Pagination page={3} pageCount={3} onPageChange={handlePageChange} />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(handlePageChange).toHaveBeenCalledWith(2);
  });

  it('adds the total text', () => {
    render(<Pagination page={2} pageCount={5} total={48} itemLabel="lists" onPageChange={() => undefined} />);
    expect(screen.getByText('Page 2 of 5 (48 total lists)')).toBeInTheDocument();
  });

  it('separates thousands in the page numbers and the total', () => {
    render(<Pagination page={1200} pageCount={1176} total={11757} itemLabel="records" onPageChange={() => undefined} />);
    expect(screen.getByText('Page 1,176 of 1,176 (11,757 total records)')).toBeInTheDocument();
  });

  it("reads 'of more than Y' and keeps Next when more pages follow, also past Y", async () => {
    const handlePageChange = jest.fn();
    const { rerender } = render(<Pagination page={3} pageCount={50} morePages onPageChange={handlePageChange} />);
    expect(screen.getByText('Page 3 of more than 50')).toBeInTheDocument();
    rerender(<Pagination page={51} pageCount={50} morePages onPageChange={handlePageChange} />);
    expect(screen.getByText('Page 51 of more than 50')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(handlePageChange).toHaveBeenCalledWith(52);
  });

  it('treats no pages as a single page', () => {
    render(<Pagination page={1} pageCount={0} onPageChange={() => undefined} />);
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});
