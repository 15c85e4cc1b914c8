import type { ReactNode } from 'react';
import { Spinner } from './Spinner';
import { Button } from './controls';

/** A full-width submit button that is disabled and shows a spinner while its form is being sent. */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
}: {
  pending: boolean;
  pendingLabel: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" disabled={pending} aria-busy={pending} className="h-11 w-full">
      {pending ? (
        <>
          <Spinner label={pendingLabel} className="size-4 text-white" />
          <span aria-hidden="true">{pendingLabel}</span>
        </>
      ) : (
        children
      )}
    </Button>
  );
}
