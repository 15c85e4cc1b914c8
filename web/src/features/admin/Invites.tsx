import { useId } from 'react';
import { useCreateInvite, useInstanceSettings } from '../../api/admin';
import { Alert, Button } from '../../../../ui/components/controls';
import { serverMessage } from '../auth/authErrors';
import { OneTimeLinkResult } from './OneTimeLinkResult';

/** Admin → Invites: a link that lets one person create an account, even while sign-ups are by invite. */
export function Invites() {
  const create = useCreateInvite();
  const settings = useInstanceSettings();
  const closed = settings.data?.signups === 'closed';
  const closedNote = useId();

  if (create.data) {
    return (
      <OneTimeLinkResult link={create.data} label="Invite link" onDone={() => create.reset()}>
        <strong className="font-semibold text-slate-900 dark:text-white">Your invite link is ready.</strong>{' '}
        Send it to the person you are inviting: it opens a sign-up form for them.
      </OneTimeLinkResult>
    );
  }
  return (
    <div className="space-y-3">
      <Button
        variant="secondary"
        disabled={closed || create.isPending}
        onClick={() => create.mutate()}
        aria-describedby={closed ? closedNote : undefined}
      >
        {create.isPending ? 'Creating…' : 'Create invite link'}
      </Button>
      {closed && (
        <p id={closedNote} className="text-sm text-slate-600 dark:text-slate-400">
          Sign-ups are closed, so an invite would not let anyone in. Choose “Invite only” above to invite
          someone.
        </p>
      )}
      {create.isError && (
        <Alert>{serverMessage(create.error) ?? 'Could not create the invite link. Please try again.'}</Alert>
      )}
    </div>
  );
}
