import { sendFormSchema } from './sendForm';

test('the compose form names missing choices with the contract’s messages', () => {
  const result = sendFormSchema.safeParse({ listId: '', templateId: '', sendDay: '', sendTime: '' });
  const byField = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path[0], issue.message]));
  expect(byField).toEqual({ listId: 'Contact list is required', templateId: 'Template is required' });
});

test('a send day and time on the workspace clock pass as one instant', () => {
  expect(sendFormSchema.safeParse({ listId: 'l-1', templateId: 't-1', sendDay: '2026-12-01', sendTime: '09:30' }).success).toBe(true);
});
