import type { ReactNode } from 'react';
import { ButtonLink } from '../../components/ButtonLink';
import { StatusCard } from '../../components/StatusCard';

/**
 * Where an authorization flow stops (SPEC.md §2 /oauth/resume: 'Authorization Error' with a Return to
 * Dashboard button leading to /app). `action` is a better next step when there is one, such as signing in
 * again; the dashboard stays as the way out.
 */
export function FlowErrorCard({
  title = 'Authorization Error',
  message,
  action,
}: {
  title?: string;
  message: string;
  action?: ReactNode;
}) {
  return (
    <StatusCard tone="error" title={title} footer={null}>
      <p role="alert">{message}</p>
      <div className="mt-6 flex flex-col gap-2">
        {action}
        <ButtonLink to="/app" variant={action ? 'secondary' : 'primary'} className="h-11 w-full">
          Return to Dashboard
        </ButtonLink>
      </div>
    </StatusCard>
  );
}
