import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useSignInOptions } from '../api/signIn';
import { StatusCard } from '../components/StatusCard';
import { AuthLayout } from '../features/auth/AuthLayout';
import { RegisterForm } from '../features/auth/RegisterForm';
import { SingleSignOn } from '../features/auth/SingleSignOn';
import { inviteSignupError } from '../features/auth/authErrors';

/**
 * /invite#<secret> (signed out): the sign-up form an admin's invite link opens. The secret is in the
 * fragment, which the browser never sends to a server; this page hands it to the sign-up, which spends it.
 */
export function InvitePage() {
  const { hash } = useLocation();
  // Read once: the secret stays the one the page was opened with, whatever the address does next.
  const [invite] = useState(() => hash.slice(1));
  const [email, setEmail] = useState('');
  const options = useSignInOptions().data;

  if (!invite) {
    return (
      <StatusCard tone="warning" title="This invite link is incomplete">
        <p>Copy the whole link you were given, including the part after the #, and open it again.</p>
      </StatusCard>
    );
  }
  if (options?.signups === 'closed' && !options.firstAccount) {
    return (
      <StatusCard tone="warning" title="Sign-ups are closed">
        <p>This server takes no new accounts right now, even with an invite. Ask its admin.</p>
      </StatusCard>
    );
  }
  return (
    <AuthLayout title="You’re invited" subtitle="Create your account on this Linkvault server.">
      <title>Create account · Linkvault</title>
      {options?.oidc && <SingleSignOn invite={invite} divider={options.passwordSignIn} />}
      {options?.passwordSignIn !== false && (
        <RegisterForm
          email={email}
          onEmailChange={setEmail}
          autoFocus={false}
          invite={invite}
          describeError={inviteSignupError}
        />
      )}
      <p className="mt-8 text-center text-sm text-slate-600 dark:text-slate-400">
        Already have an account?{' '}
        <Link
          to="/app"
          className="rounded-sm font-semibold text-brand-600 hover:text-brand-700 dark:text-indigo-300 dark:hover:text-indigo-200"
        >
          Sign in
        </Link>
      </p>
    </AuthLayout>
  );
}
