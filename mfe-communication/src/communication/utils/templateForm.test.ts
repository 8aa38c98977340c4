import { templateBody, templateFormSchema, emptyTemplateForm } from './templateForm';

test('the form refuses an unknown merge field with the contract’s message, under the field', () => {
  const result = templateFormSchema.safeParse({ ...emptyTemplateForm(), name: 'Thanks', bodyText: 'Dear {{fristName}}' });
  expect(result.success).toBe(false);
  expect(result.error?.issues[0]).toMatchObject({ path: ['bodyText'], message: expect.stringContaining('{{fristName}}') });
});

test('amounts typed as text become numbers, blanks mean any', () => {
  const values = { ...emptyTemplateForm(), name: 'Major', minAmount: '250', maxAmount: '' };
  expect(templateFormSchema.safeParse(values).success).toBe(true);
  expect(templateBody(values)).toMatchObject({ minAmount: 250, maxAmount: null, campaignId: null });
});
