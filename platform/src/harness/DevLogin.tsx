import { useState, type FormEvent } from 'react';
import { Button, TextField } from '@caucus/design-system';
import { api } from '../apiClient';
import { sessionFromLogin } from '../sessionFromLogin';
import type { LoginData } from '../types';
import { useSession } from '../useSession';
import styles from './DevLogin.module.css';

/**
 * Standalone harness only: the shell owns the real login page. This signs the team in
 * against the dev API (proxied at /api) so the section sees a real session cookie.
 */
export function DevLogin({ title }: { title: string }) {
  const { setSession } = useSession();
  const [email, setEmail] = useState('demo@caucus.local');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      const data = await api.post<LoginData>('/auth/login', { email, password }, { skipAuthRedirect: true });
      setSession(sessionFromLogin(data), { remember: false });
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Login failed');
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <main className={styles.page}>
      <form className={styles.card} onSubmit={handleSubmit}>
        <p className={styles.eyebrow}>Standalone harness</p>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.hint}>Sign in to the development API to open this section on its own.</p>
        <TextField label="Email" type="email" value={email} onChange={(event) => setEmail(event.target.value)} required />
        <TextField label="Password" type="password" value={password} onChange={(event) => setPassword(event.target.value)} required />
        {error ? (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        ) : null}
        <Button type="submit" disabled={submitting}>
          {submitting ? 'Signing In...' : 'Sign In'}
        </Button>
      </form>
    </main>
  );
}
