import { useState } from 'react';
import type { SignInOptions } from '../../../contracts/index.js';
import { useSignInOptions } from '../api/signIn';
import { AuthLayout } from '../features/auth/AuthLayout';
import { LoginForm } from '../features/auth/LoginForm';
import { RegisterForm } from '../features/auth/RegisterForm';
import { SingleSignOn } from '../features/auth/SingleSignOn';

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

/** Admin → Sign-ups: what a visitor who may not create an account reads in place of the switch. */
const NO_SIGNUP: Record<'invite' | 'closed', string> = {
  invite: 'Sign-ups on this server are by invite only: ask its admin for an invite link.',
  closed: 'Sign-ups are closed on this server. If you need an account, ask its admin.',
};

/**
 * SPEC.md §2, signed out at /app: the login form, switchable to registration and back while sign-ups
 * are open (GET /api/auth/options; until it answers, as if open: the server has the last word anyway).
 */
export function AuthPage() {
  const options = useSignInOptions().data;
  const [chosen, setChosen] = useState<Mode>('login');
  // Focus moves into the new form only after a switch, not when the page first opens.
  const [switched, setSwitched] = useState(false);
  // The e-mail survives a switch: people often start on the wrong form.
  const [email, setEmail] = useState('');
  // Why this visitor cannot sign up here (by invite only, or closed); null while they can.
  const noSignup = options && !options.firstAccount && options.signups !== 'open' ? options.signups : null;
  const mode = noSignup ? 'login' : chosen;
  const copy = COPY[mode];
  const formProps = { email, onEmailChange: setEmail, autoFocus: switched };

  if (options?.passwordSignIn === false) return <PasswordSignInOff />;
  return (
    <AuthLayout title={copy.title} subtitle={subtitleOf(mode, options)}>
      <title>{`${mode === 'login' ? 'Sign in' : 'Create account'} · Linkvault`}</title>
      {options?.oidc && <SingleSignOn divider />}
      {mode === 'login' ? <LoginForm {...formProps} /> : <RegisterForm {...formProps} />}
      <p className="mt-8 text-center text-sm text-balance text-slate-600 dark:text-slate-400">
        {noSignup ? (
          NO_SIGNUP[noSignup]
        ) : (
          <>
            {copy.prompt}{' '}
            <button
              type="button"
              onClick={() => {
                setChosen(mode === 'login' ? 'register' : 'login');
                setSwitched(true);
              }}
              className="rounded-sm font-semibold text-brand-600 hover:text-brand-700 dark:text-indigo-300 dark:hover:text-indigo-200"
            >
              {copy.action}
            </button>
          </>
        )}
      </p>
    </AuthLayout>
  );
}

function subtitleOf(mode: Mode, options: SignInOptions | undefined): string {
  if (mode === 'register' && options?.firstAccount) {
    return 'You are the first here: this account will be the admin of this Linkvault server.';
  }
  return COPY[mode].subtitle;
}

/** OIDC_ONLY: everyone signs in through the server's single sign-on provider, never with a password. */
function PasswordSignInOff() {
  return (
    <AuthLayout
      title="Welcome back"
      subtitle="This server signs people in through its single sign-on provider."
    >
      <title>Sign in · Linkvault</title>
      <SingleSignOn divider={false} />
    </AuthLayout>
  );
}
