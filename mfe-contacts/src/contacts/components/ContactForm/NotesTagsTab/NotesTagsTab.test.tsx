import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInContactForm } from '../contactFormTestHarness';
import { NotesTagsTab } from './NotesTagsTab';

function WithDraft() {
  const [draft, setDraft] = useState('');
  return <NotesTagsTab tagDraft={draft} onTagDraftChange={setDraft} />;
}

const tagTexts = () =>
  within(screen.getByRole('list', { name: 'Tags' }))
    .queryAllByRole('listitem')
    .map((item) => item.firstChild?.textContent);

test('adds a typed tag once, trimmed, by Enter or Add Tag, and removes one', async () => {
  const { submitted, lastSubmitted } = renderInContactForm(<WithDraft />, { organization: 'Acme', tags: ['donor'] });
  await userEvent.type(screen.getByLabelText('New tag'), '  major donor {Enter}');
  expect(screen.getByLabelText('New tag')).toHaveValue('');
  await userEvent.type(screen.getByLabelText('New tag'), 'donor');
  await userEvent.click(screen.getByRole('button', { name: 'Add Tag' }));
  expect(tagTexts()).toEqual(['donor', 'major donor']);
  await userEvent.click(screen.getByRole('button', { name: 'Remove tag donor' }));
  expect(tagTexts()).toEqual(['major donor']);
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(submitted).toHaveBeenCalled());
  expect(lastSubmitted().tags).toEqual(['major donor']);
});

test("requires a note's content and binds its Private box", async () => {
  const { submitted, lastSubmitted } = renderInContactForm(<WithDraft />, { organization: 'Acme' });
  await userEvent.click(screen.getByRole('button', { name: '+ Add Note' }));
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Note content is required')).toBeInTheDocument();
  expect(submitted).not.toHaveBeenCalled();
  await userEvent.type(screen.getByLabelText(/Content/), 'Prefers a call after 6 PM');
  await userEvent.click(screen.getByRole('checkbox', { name: 'Private' }));
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(submitted).toHaveBeenCalled());
  expect(lastSubmitted().notes).toEqual([{ subject: '', content: 'Prefers a call after 6 PM', noteType: 'general', isPrivate: true }]);
});
