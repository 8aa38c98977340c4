import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@caucus/design-system';
import { Form, FormSelect, FormTextField } from '@caucus/design-system/form';
import { ApiError, DEFAULT_ERROR_MESSAGE, analytics } from '@caucus/platform';
import { CONTACT_FORM_THANKS, contactFormSchema, type ContactFormInput, type ContactMessage } from '@caucus/contract';
import { SUPPORT_EMAIL } from '../site/content/navigation';
import { PageHero } from '../site/pages/PageHero';
import { CONTACT_SUBJECTS, sendContactMessage } from './contactApi';
import styles from './ContactPage.module.css';

export const SEND_FAILED = 'Failed to send message. Please try again.';
export const networkFailure = (email: string) => `There was an error sending your message. Please try again or contact us directly at ${email}.`;

type Status = { kind: 'idle' } | { kind: 'sent'; message: string } | { kind: 'error'; message: string };

const EMPTY: ContactFormInput = { name: '', email: '', subject: '' as ContactFormInput['subject'], message: '' };

function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status > 0) {
    return error.message && error.message !== DEFAULT_ERROR_MESSAGE ? error.message : SEND_FAILED;
  }
  return networkFailure(SUPPORT_EMAIL);
}

export function ContactPage() {
  const form = useForm<ContactFormInput, unknown, ContactMessage>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: EMPTY,
    reValidateMode: 'onSubmit',
  });
  const sending = form.formState.isSubmitting;
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  async function handleSubmit(message: ContactMessage) {
    setStatus({ kind: 'idle' });
    try {
      const result = await sendContactMessage(message);
      if (!result?.success) {
        analytics.track('form_submit_error', { form: 'contact', subject: message.subject });
        setStatus({ kind: 'error', message: result?.message || SEND_FAILED });
        return;
      }
      analytics.track('form_submit_success', { form: 'contact', subject: message.subject });
      setStatus({ kind: 'sent', message: result.message || CONTACT_FORM_THANKS });
    } catch (error) {
      analytics.track('form_submit_error', { form: 'contact', subject: message.subject });
      setStatus({ kind: 'error', message: failureMessage(error) });
    }
  }

  function handleSendAnother() {
    form.reset(EMPTY);
    setStatus({ kind: 'idle' });
  }

  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Contact us"
        lead="Questions about plans, your account, billing or a partnership? Send us a message and a real person replies within 24 hours."
      />
      <div className={styles.layout}>
        <section className={styles.panel} aria-labelledby="contact-form-title" data-hydrate-on-use="">
          {status.kind === 'sent' ? (
            <div className={styles.success} role="status">
              <div className={styles.successIcon} aria-hidden="true">
                ✓
              </div>
              <h2 id="contact-form-title" className={styles.panelTitle}>
                Message sent!
              </h2>
              <p className={styles.muted}>{status.message}</p>
              <Button variant="secondary" onClick={handleSendAnother}>
                Send Another Message
              </Button>
            </div>
          ) : (
            <Form form={form} onSubmit={handleSubmit} className={styles.form} aria-labelledby="contact-form-title">
              <h2 id="contact-form-title" className={styles.panelTitle}>
                Send us a message
              </h2>
              <div className={styles.row}>
                <FormTextField<ContactFormInput> name="name" label="Full name" autoComplete="name" required />
                <FormTextField<ContactFormInput> name="email" label="Email" type="email" autoComplete="email" required />
              </div>
              <FormSelect<ContactFormInput>
                name="subject"
                label="Subject"
                placeholder="Select a subject"
                options={CONTACT_SUBJECTS.map((subject) => ({ value: subject.value, label: subject.label }))}
                required
              />
              <FormTextField<ContactFormInput> name="message" label="Message" multiline rows={6} required />
              {status.kind === 'error' ? (
                <p role="alert" className={styles.error}>
                  {status.message}
                </p>
              ) : null}
              <Button type="submit" size="lg" disabled={sending}>
                {sending ? 'Sending...' : 'Send Message'}
              </Button>
            </Form>
          )}
        </section>

        <aside className={styles.sidebar} aria-label="Other ways to reach us">
          <div className={styles.infoCard}>
            <h2 className={styles.infoTitle}>Email support</h2>
            <p className={styles.muted}>
              <a href={`mailto:${SUPPORT_EMAIL}`} className={styles.link}>
                {SUPPORT_EMAIL}
              </a>
            </p>
            <p className={styles.muted}>We reply to every message within 24 hours.</p>
          </div>
          <div className={styles.infoCard}>
            <h2 className={styles.infoTitle}>Live chat</h2>
            <p className={styles.muted}>Monday to Friday 9 AM to 6 PM EST</p>
          </div>
          <div className={styles.infoCard}>
            <h2 className={styles.infoTitle}>Help Center</h2>
            <p className={styles.muted}>Guides, webinars, API docs and training for your whole team.</p>
            <Link to="/help" className={styles.link}>
              Visit the Help Center
            </Link>
          </div>
        </aside>
      </div>
    </>
  );
}
