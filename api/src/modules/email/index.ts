export { createMailer } from './mailer';
export type { CreateMailerOptions, EmailKind, MailTransport, Mailer, MailerConfig, OutgoingEmail } from './mailer';
export { latestEmailTo } from './outbox';
export type { OutboxEmail } from './outbox';
