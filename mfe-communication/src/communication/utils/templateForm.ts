import { MERGE_FIELDS, templateInputSchema, withNumbersFromText, type MessageTemplate, type TemplateInput } from '@caucus/contract';

/** The template form holds text; amounts become numbers only for the contract's schema. */
export type TemplateFormValues = {
  name: string;
  purpose: 'acknowledgment' | 'list' | 'year_end';
  subject: string;
  bodyText: string;
  campaignId: string;
  minAmount: string;
  maxAmount: string;
};

export const templateFormSchema = withNumbersFromText<TemplateFormValues, typeof templateInputSchema>(templateInputSchema, ['minAmount', 'maxAmount']);

export const MERGE_FIELD_TAGS = MERGE_FIELDS.map((name) => `{{${name}}}`);

export const emptyTemplateForm = (): TemplateFormValues => ({
  name: '',
  purpose: 'acknowledgment',
  subject: 'Thank you, {{firstName}}',
  bodyText: 'Dear {{firstName}},\n\nThank you for your gift of {{giftAmount}} on {{giftDate}}.\n\n{{taxStatement}}\n\nWith gratitude,\n{{organizationName}}',
  campaignId: '',
  minAmount: '',
  maxAmount: '',
});

export const formFromTemplate = (t: MessageTemplate): TemplateFormValues => ({
  name: t.name,
  purpose: t.purpose,
  subject: t.subject,
  bodyText: t.bodyText,
  campaignId: t.campaignId ?? '',
  minAmount: t.minAmount === null ? '' : String(t.minAmount),
  maxAmount: t.maxAmount === null ? '' : String(t.maxAmount),
});

/** The body the API takes: blank amounts and campaign mean "any". */
export function templateBody(values: TemplateFormValues): TemplateInput {
  const amount = (text: string) => (text.trim() === '' ? null : Number(text));
  return { ...values, bodyHtml: null, campaignId: values.campaignId || null, minAmount: amount(values.minAmount), maxAmount: amount(values.maxAmount) };
}
