import { contactFormSchema } from '@caucus/contract';
import { contactFormResponseSchema } from '@caucus/contract/contactForm.responses';
import { describeRoutes } from '../../openapi/describe';

export const contactFormApi = describeRoutes('Contact form', {
  'POST /api/contact-form': {
    summary: "Send a message from the public site's contact form",
    access: 'public',
    body: contactFormSchema,
    status: 201,
    data: contactFormResponseSchema,
  },
});
