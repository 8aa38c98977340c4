import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GPA_MAX, GPA_MIN, GRADUATION_YEAR_MAX, GRADUATION_YEAR_MIN } from '@caucus/contract';
import { renderInContactForm } from '../contactFormTestHarness';
import { EducationTab } from './EducationTab';

test("bounds graduation year and GPA by the contract's limits and shows its messages", async () => {
  const { submitted } = renderInContactForm(<EducationTab />, { organization: 'Acme' });
  await userEvent.click(screen.getByRole('button', { name: '+ Add Education' }));
  const year = screen.getByLabelText('Graduation year');
  expect(year).toHaveAttribute('min', String(GRADUATION_YEAR_MIN));
  expect(year).toHaveAttribute('max', String(GRADUATION_YEAR_MAX));
  const gpa = screen.getByLabelText('GPA');
  expect(gpa).toHaveAttribute('min', String(GPA_MIN));
  expect(gpa).toHaveAttribute('max', String(GPA_MAX));
  await userEvent.type(year, '1949');
  await userEvent.type(gpa, '4.5');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Institution name is required')).toBeInTheDocument();
  expect(screen.getByText(`Graduation year must be between ${GRADUATION_YEAR_MIN} and ${GRADUATION_YEAR_MAX}`)).toBeInTheDocument();
  expect(screen.getByText(`GPA must be between ${GPA_MIN} and ${GPA_MAX}`)).toBeInTheDocument();
  expect(submitted).not.toHaveBeenCalled();
});

test('sends an entry as typed, and Remove takes it out', async () => {
  const { submitted, lastSubmitted } = renderInContactForm(<EducationTab />, { organization: 'Acme' });
  await userEvent.click(screen.getByRole('button', { name: '+ Add Education' }));
  await userEvent.click(screen.getByRole('button', { name: '+ Add Education' }));
  await userEvent.click(screen.getByRole('button', { name: 'Remove Education 2' }));
  await userEvent.type(screen.getByLabelText(/Institution name/), 'Oxford');
  await userEvent.selectOptions(screen.getByLabelText('Degree type'), 'master');
  await userEvent.type(screen.getByLabelText('GPA'), '3.9');
  await userEvent.click(screen.getByLabelText('Currently enrolled'));
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(submitted).toHaveBeenCalled());
  expect(lastSubmitted().education).toEqual([expect.objectContaining({ institutionName: 'Oxford', degreeType: 'master', gpa: '3.9', isCurrent: true })]);
});
