import { z } from 'zod';
import { messageSendInputSchema, type MessageSendInput } from '@caucus/contract';
import { workspaceInstant } from '@caucus/platform';

/** The compose form: a list, a template, and (for later) a day and time on the workspace's clock. */
export type SendFormValues = { listId: string; templateId: string; sendDay: string; sendTime: string };

export const emptySendForm = (): SendFormValues => ({ listId: '', templateId: '', sendDay: '', sendTime: '' });

/** The API body: the day and time typed on the workspace clock become one UTC instant. */
export function sendBody(values: SendFormValues): MessageSendInput {
  const sendAt = values.sendDay ? (workspaceInstant(values.sendDay, values.sendTime || '09:00') ?? 'invalid') : null;
  return { listId: values.listId, templateId: values.templateId, sendAt };
}

/** Validated by the contract's own schema; a problem with the send time is shown under the day. */
export const sendFormSchema = z.object({ listId: z.string(), templateId: z.string(), sendDay: z.string(), sendTime: z.string() }).superRefine((values, ctx) => {
  for (const issue of messageSendInputSchema.safeParse(sendBody(values)).error?.issues ?? []) {
    const field = String(issue.path[0] ?? 'listId');
    ctx.addIssue({ code: 'custom', path: [field === 'sendAt' ? 'sendDay' : field], message: issue.message });
  }
});
