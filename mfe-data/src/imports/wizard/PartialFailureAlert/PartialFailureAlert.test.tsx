import { render, screen } from '@testing-library/react';
import { PartialFailureAlert } from './PartialFailureAlert';

test('says which rows reached the server as which import, and to undo it before importing again', () => {
  render(<PartialFailureAlert failure={{ message: 'Network error', importId: 'imp-7', rowsSent: 5000, rowsTotal: 12000, markedFailed: true }} />);
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent('Import Failed');
  expect(alert).toHaveTextContent('Network error');
  expect(alert).toHaveTextContent('The first 5,000 rows of 12,000 were sent as import imp-7; the other 7,000 rows were not.');
  expect(alert).toHaveTextContent(
    'That import is marked failed in Import History. Undo it there before importing the file again, so no row is imported twice.',
  );
});

test('asks to check the import when it could not be marked failed', () => {
  render(<PartialFailureAlert failure={{ message: 'Network error', importId: 'imp-7', rowsSent: 1, rowsTotal: 2, markedFailed: false }} />);
  expect(screen.getByRole('alert')).toHaveTextContent('Check that import in Import History.');
});
