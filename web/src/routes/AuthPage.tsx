import { useState } from 'react';
import { AuthLayout } from '../features/auth/AuthLayout';
import { LoginForm } from '../features/auth/LoginForm';
import { RegisterForm } from '../features/auth/RegisterForm';

type Mode = 'login' | 'register';

const COPY: Record<Mode, { title: string; subtitle: string; prompt: string; action: string }> = {
  login: {
    title: 'Welcome back',
    subtitle: 'Sign in to your vault to pick up where you left off.',
    prompt: 'New to Linkvault?',
    action: 'Create an account',
  },
  register: {
    title: 'Create your account',
    subtitle: 'Start saving links in one click. Summaries and tags arrive on their own.',
    prompt: 'Already have an account?',
    action: 'Sign in',
  },
};

/** SPEC.md §2, signed out at /app: the login form, switchable to registration and back. */
export function AuthPage() {
  const [mode, setMode] = useState<Mode>('login');
  // Focus moves into the new form only after a switch, not when the page first opens.
  const [switched, setSwitched] = useState(false);
  // The e-mail survives a switch: people often start on the wrong form.
  const [email, setEmail] = useState('');
  const copy = COPY[mode];
  const formProps = { email, onEmailChange: setEmail, autoFocus: switched };

  return (
    <AuthLayout title={copy.title} subtitle={copy.subtitle}>
      <title>{`${mode === 'login' ? 'Sign in' : 'Create account'} · Linkvault`}</title>
      {mode === 'login' ? <LoginForm {...formProps} /> : <RegisterForm {...formProps} />}
      <p className="mt-8 text-center text-sm text-slate-600 dark:text-slate-400">
        {copy.prompt}{' '}
        <button
          type="button"
          onClick={() => {
            setMode(mode === 'login' ? 'register' : 'login');
            setSwitched(true);
          }}
          className="rounded-sm font-semibold text-brand-600 hover:text-brand-700 dark:text-indigo-300 dark:hover:text-indigo-200"
        >
          {copy.action}
        </button>
      </p>
    </AuthLayout>
  );
}
