import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button, Select, TextField } from '@caucus/design-system';
import { ApiError, DEFAULT_ERROR_MESSAGE, analytics } from '@caucus/design-system/session';
import { SUPPORT_EMAIL } from '../site/content/navigation';
import { PageHero } from '../site/pages/PageHero';
import { CONTACT_SUBJECTS, sendContactMessage, type ContactSubject } from './contactApi';
import styles from './ContactPage.module.css';

export const SEND_FAILED = 'Failed to send message. Please try again.';
export const networkFailure = (email: string) =>
  `There was an error sending your message. Please try again or contact us directly at ${email}.`;

type Fields = { name: string; email: string; subject: ContactSubject | ''; message: string };
type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; message: string } | { kind: 'error'; message: string };

const EMPTY: Fields = { name: '', email: '', subject: '', message: '' };
const DEFAULT_THANKS = "Thank you for your message. We'll get back to you within 24 hours.";

function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status > 0) {
    return error.message && error.message !== DEFAULT_ERROR_MESSAGE ? error.message : SEND_FAILED;
  }
  return networkFailure(SUPPORT_EMAIL);
}

export function ContactPage() {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const sending = status.kind === 'sending';

  function update<K extends keyof Fields>(field: K, value: Fields[K]) {
    setFields((current) => ({ ...current, [field]: value }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The browser's required checks run first; this guards programmatic submits.
    if (sending || !fields.name.trim() || !fields.email.trim() || !fields.subject || !fields.message.trim()) return;
    setStatus({ kind: 'sending' });
    try {
      const result = await sendContactMessage({
        name: fields.name.trim(),
        email: fields.email.trim(),
        subject: fields.subject,
        message: fields.message.trim(),
      });
      if (!result?.success) {
        const message = result?.message || SEND_FAILED;
        analytics.track('form_submit_error', { form: 'contact', subject: fields.subject });
        setStatus({ kind: 'error', message });
        return;
      }
      analytics.track('form_submit_success', { form: 'contact', subject: fields.subject });
      setStatus({ kind: 'sent', message: result.message || DEFAULT_THANKS });
    } catch (error) {
      analytics.track('form_submit_error', { form: 'contact', subject: fields.subject });
      setStatus({ kind: 'error', message: failureMessage(error) });
    }
  }

  function handleSendAnother() {
    setFields(EMPTY);
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
        <section className={styles.panel} aria-labelledby="contact-form-title">
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
            <form className={styles.form} onSubmit={handleSubmit} aria-labelledby="contact-form-title">
              <h2 id="contact-form-title" className={styles.panelTitle}>
                Send us a message
              </h2>
              <div className={styles.row}>
                <TextField
                  label="Full name"
                  name="name"
                  autoComplete="name"
                  value={fields.name}
                  onChange={(event) => update('name', event.target.value)}
                  required
                />
                <TextField
                  label="Email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  value={fields.email}
                  onChange={(event) => update('email', event.target.value)}
                  required
                />
              </div>
              <Select
                label="Subject"
                name="subject"
                placeholder="Select a subject"
                options={CONTACT_SUBJECTS.map((subject) => ({ value: subject.value, label: subject.label }))}
                value={fields.subject}
                onChange={(event) => update('subject', event.target.value as ContactSubject)}
                required
              />
              <TextField
                multiline
                rows={6}
                label="Message"
                name="message"
                value={fields.message}
                onChange={(event) => update('message', event.target.value)}
                required
              />
              {status.kind === 'error' ? (
                <p role="alert" className={styles.error}>
                  {status.message}
                </p>
              ) : null}
              <Button type="submit" size="lg" disabled={sending}>
                {sending ? 'Sending...' : 'Send Message'}
              </Button>
            </form>
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
