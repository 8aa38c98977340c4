// The sign-in page as prerendered HTML (ADR 0014): the shell's LoginPage, drawn at build time with
// the same design-system components and the shell's own CSS Modules, so the page looks the same
// without React, the router or the federation runtime. islands/login.ts makes it act. The views it
// shows after the password step (the two-factor step, a recovery code, "Welcome Back!") and the busy
// buttons are prerendered too, in <template>s, so every state is the components' own markup.
import type { ReactNode } from 'react';
import { Button, Checkbox, TextField } from '@caucus/design-system';
// The shell's styles for its auth pages: one look for the sign-in whichever build draws it.
import layout from '@caucus/design-system/auth/AuthLayout.module.css';
import styles from '@caucus/design-system/auth/AuthForm.module.css';

// The same texts as the shell's LoginPage and TwoFactorStep (shell/src/auth).
export const CODE_PROMPT = 'Enter the 6-digit code from your authenticator app';
export const RECOVERY_PROMPT = 'Enter one of the recovery codes you saved when you set up two-factor sign-in. Each code works once.';

const HIGHLIGHTS = [
  { title: 'Donor & voter CRM', text: 'Every contact, pledge and donation in one place.' },
  { title: 'Campaign finance hub', text: 'Track goals and progress as money comes in.' },
  { title: 'Events & rallies', text: 'Plan events and see who is coming.' },
  { title: 'Smart lists & imports', text: 'Segment supporters and bring in data from any spreadsheet.' },
];

/** The shell's LogoMark (shell/src/dashboard/icons.tsx). */
function LogoMark() {
  return (
    <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="caucus-logo" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#667eea" />
          <stop offset="1" stopColor="#764ba2" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill="url(#caucus-logo)" />
      <path d="M21.5 11.2A7 7 0 1 0 21.5 20.8" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

function FeatureHighlights() {
  return (
    <>
      <h2 className={styles.asideTitle}>Run your whole campaign from one workspace</h2>
      <p className={styles.asideText}>Built for political campaigns, nonprofits and the people who organize them.</p>
      <ul className={styles.highlights}>
        {HIGHLIGHTS.map((item) => (
          <li key={item.title} className={styles.highlight}>
            <span className={styles.highlightMark} aria-hidden="true">
              ✓
            </span>
            <div>
              <p className={styles.highlightTitle}>{item.title}</p>
              <p className={styles.highlightText}>{item.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

/** A view the island puts in place of the page's: its title, subtitle and body. */
function View({ name, children }: { name: string; children: ReactNode }) {
  return <template data-login-view={name}>{children}</template>;
}

function Busy({ name, children }: { name: string; children: string }) {
  return (
    <template data-login-busy={name}>
      <Button type="submit" fullWidth size="lg" loading disabled>
        {children}
      </Button>
    </template>
  );
}

export function LoginView() {
  return (
    <div className={layout.screen}>
      <div className={`${layout.panel} ${layout.withAside}`}>
        <main className={layout.formSide} data-login>
          <a href="/" className={layout.brand} aria-label="Caucus home">
            <LogoMark />
            <span>Caucus</span>
          </a>
          <h1 className={layout.title}>Sign in to Caucus</h1>
          <p className={layout.subtitle}>Welcome back. Enter your details to continue.</p>
          {/* POST without an action: pressed before the island is there, nothing lands in a URL. */}
          <form className={styles.form} aria-label="Sign in" noValidate method="post" data-login-form="password">
            <TextField id="login-email" name="email" label="Email" type="email" autoComplete="email" />
            <TextField id="login-password" name="password" label="Password" type="password" autoComplete="current-password" />
            <div className={styles.row}>
              <Checkbox id="login-remember" name="rememberMe" label="Remember me" />
              <a href="/forgot-password" className={styles.link}>
                Forgot password?
              </a>
            </div>
            <Button type="submit" fullWidth size="lg">
              Sign In
            </Button>
            <p className={styles.footer}>
              Don&apos;t have an account?{' '}
              <a href="/signup" className={styles.link}>
                Sign up
              </a>
            </p>
          </form>

          <View name="two-factor">
            <h1 className={layout.title}>Two-factor sign-in</h1>
            <p className={layout.subtitle}>One more step to keep your account safe.</p>
            <div className={styles.form}>
              <div data-login-slot="" />
              <div className={styles.row}>
                <Button variant="ghost" size="sm" data-login-action="toggle-recovery">
                  Use a recovery code instead
                </Button>
                <Button variant="ghost" size="sm" data-login-action="cancel">
                  Back to sign in
                </Button>
              </div>
            </div>
          </View>
          <View name="code">
            <form className={styles.form} aria-label="Two-factor sign-in" noValidate method="post" data-login-form="code">
              <p className={styles.footer}>{CODE_PROMPT}</p>
              <TextField id="login-code" name="code" label="Authentication code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} />
              <Button type="submit" fullWidth size="lg">
                Verify
              </Button>
            </form>
          </View>
          <View name="recovery">
            <form className={styles.form} aria-label="Sign in with a recovery code" noValidate method="post" data-login-form="recovery">
              <p className={styles.footer}>{RECOVERY_PROMPT}</p>
              <TextField id="login-recovery-code" name="recoveryCode" label="Recovery code" autoComplete="off" spellCheck={false} />
              <Button type="submit" fullWidth size="lg">
                Verify
              </Button>
            </form>
          </View>
          <View name="success">
            <h1 className={layout.title}>Sign in to Caucus</h1>
            <div className={styles.success} role="status">
              <span className={styles.successIcon} aria-hidden="true">
                ✓
              </span>
              <h2 className={styles.successTitle}>Welcome Back!</h2>
              <p className={styles.successText}>Taking you to your dashboard...</p>
            </div>
          </View>
          <Busy name="password">Signing In...</Busy>
          <Busy name="code">Verifying...</Busy>
          <template data-login-error="">
            <p className={styles.formError} role="alert" />
          </template>
        </main>
        <aside className={layout.aside}>
          <FeatureHighlights />
        </aside>
      </div>
    </div>
  );
}
