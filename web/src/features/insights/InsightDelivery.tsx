import { type ReactNode, useId, useState } from 'react';
import type { InsightDelivery as Delivery } from '../../../../contracts/index.js';
import {
  browserTimeZone,
  useCreateInsightFeed,
  useDeleteInsightFeed,
  useInsightDelivery,
  useUpdateInsightDelivery,
} from '../../api/insights';
import { Alert, Button } from '../../../../ui/components/controls';
import { serverMessage } from '../auth/authErrors';
import { ReadOnlyField } from '../capture/ReadOnlyField';
import { LoadFailed } from '../settings/LoadFailed';

/**
 * The Insights page's "Every week" part (issue 19): the report by e-mail every Monday, and a private Atom
 * feed of it for a feed reader. The e-mail can be turned on only where the server sends mail, which the
 * settings' answer tells; the feed's address is shown once, when made, like an API token.
 */
export function InsightDelivery() {
  const delivery = useInsightDelivery();
  return (
    <section aria-labelledby="insight-delivery-title" className="space-y-4">
      <div>
        <h2 id="insight-delivery-title" className="text-base font-semibold text-slate-900 dark:text-white">
          Every week
        </h2>
        <p className="mt-1 text-sm leading-6 text-slate-600 dark:text-slate-400">
          Get last week’s report without opening Linkvault.
        </p>
      </div>
      {delivery.isPending ? (
        <div className="grid gap-4 md:grid-cols-2" aria-label="Loading">
          {[0, 1].map((i) => (
            <div key={i} className="h-40 animate-pulse rounded-xl bg-slate-200/70 dark:bg-slate-800" />
          ))}
        </div>
      ) : delivery.isError ? (
        <LoadFailed what="your delivery settings" onRetry={() => void delivery.refetch()} />
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          <WeeklyEmail delivery={delivery.data} />
          <PrivateFeed delivery={delivery.data} />
        </div>
      )}
    </section>
  );
}

function Card({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-center justify-between gap-3">
        <h3 id={id} className="text-sm font-semibold text-slate-900 dark:text-white">
          {title}
        </h3>
        {action}
      </div>
      {children}
    </section>
  );
}

const Hint = ({ children }: { children: ReactNode }) => (
  <p className="text-sm leading-6 text-slate-600 dark:text-slate-400">{children}</p>
);

/** "Monday, March 9", in the zone the mail is sent by. */
const mondayOf = (instant: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'long', day: 'numeric', month: 'long', timeZone }).format(
    new Date(instant),
  );

function WeeklyEmail({ delivery }: { delivery: Delivery }) {
  const update = useUpdateInsightDelivery();
  const on = delivery.weeklyEmail;
  // Turning it off stays possible when the server stopped sending mail; turning it on does not.
  const unavailable = !delivery.emailAvailable && !on;
  const zone = browserTimeZone();
  const toggle = () => update.mutate(on ? { weeklyEmail: false } : { weeklyEmail: true, timeZone: zone });
  return (
    <Card
      title="Weekly e-mail"
      action={
        <Switch
          label="Weekly e-mail"
          checked={on}
          disabled={unavailable || update.isPending}
          onChange={toggle}
        />
      }
    >
      {!delivery.emailAvailable ? (
        <Hint>
          This server does not send e-mail: its administrator has not set it up (SMTP_URL). The Insights page
          and the private feed work without it.
        </Hint>
      ) : on && delivery.nextMailAt ? (
        <Hint>
          Every Monday, the week just ended, counted in {delivery.timeZone}. The next one comes on{' '}
          {mondayOf(delivery.nextMailAt, delivery.timeZone)}. Each mail has a link to stop them.
        </Hint>
      ) : (
        <Hint>
          Every Monday, last week’s figures, tags and newest links in your inbox. Weeks with nothing saved
          send nothing.
        </Hint>
      )}
      {on && delivery.emailAvailable && delivery.timeZone !== zone && (
        <Button
          variant="secondary"
          size="sm"
          disabled={update.isPending}
          onClick={() => update.mutate({ timeZone: zone })}
        >
          Use this device’s time zone ({zone})
        </Button>
      )}
      {update.isError && (
        <Alert>{serverMessage(update.error) ?? 'Could not change the e-mail. Please try again.'}</Alert>
      )}
    </Card>
  );
}

/** An on/off switch (WAI-ARIA switch pattern): a button whose state is read as on or off. */
function Switch({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange: () => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={onChange}
      className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:ring-2 focus-visible:ring-brand-500/50 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50 ${
        checked ? 'bg-brand-600' : 'bg-slate-300 dark:bg-slate-700'
      }`}
    >
      <span
        aria-hidden="true"
        className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${
          checked ? 'translate-x-5.5' : 'translate-x-0.5'
        }`}
      />
    </button>
  );
}

/** Both end an address a feed reader may be subscribed to, which cannot be shown again: asked first. */
const FEED_CONFIRM = {
  rotate: 'Make a new feed address? Feed readers using the current one stop getting your reports at once.',
  remove: 'Turn off the feed? Feed readers using its address stop getting your reports at once.',
};

function PrivateFeed({ delivery }: { delivery: Delivery }) {
  const create = useCreateInsightFeed();
  const remove = useDeleteInsightFeed();
  const [url, setUrl] = useState<string | null>(null);
  const busy = create.isPending || remove.isPending;
  const make = () => {
    if (delivery.feed && !window.confirm(FEED_CONFIRM.rotate)) return;
    create.mutate(undefined, { onSuccess: (feed) => setUrl(feed.url) });
  };
  const turnOff = () => {
    if (!window.confirm(FEED_CONFIRM.remove)) return;
    remove.mutate(undefined, { onSuccess: () => setUrl(null) });
  };
  return (
    <Card title="Private feed">
      <Hint>
        An Atom feed of your weekly reports, for a feed reader. Its address is its key: anyone who has it can
        read your reports.
      </Hint>
      {url ? (
        <div className="space-y-3">
          <ReadOnlyField label="Feed address" value={url} />
          <p className="text-xs leading-5 text-slate-500 dark:text-slate-400">
            Copy it into your feed reader now: it is not shown again.
          </p>
        </div>
      ) : (
        delivery.feed && (
          <p className="text-sm leading-6 text-slate-700 dark:text-slate-300">
            Your feed address is in use. To copy it again, make a new one: the old one stops working.
          </p>
        )
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant={delivery.feed ? 'secondary' : 'primary'} size="sm" disabled={busy} onClick={make}>
          {delivery.feed ? 'New address' : 'Make feed address'}
        </Button>
        {delivery.feed && (
          <Button variant="ghost" size="sm" disabled={busy} onClick={turnOff}>
            Turn off feed
          </Button>
        )}
      </div>
      {(create.isError || remove.isError) && (
        <Alert>
          {serverMessage(create.error ?? remove.error) ?? 'Could not change the feed. Please try again.'}
        </Alert>
      )}
    </Card>
  );
}
