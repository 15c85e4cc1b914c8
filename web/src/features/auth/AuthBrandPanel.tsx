import { DEMO_GROUPS } from '../marketing/demoData';
import { DemoLinkCard } from '../marketing/DemoLinkCard';
import { CheckIcon } from '../marketing/icons';

const POINTS = [
  'Save a link in one click',
  'Get an instant summary and tags',
  'Find it again on your dashboard',
];

/** The decorative half of the sign-in screen on wide windows: what the visitor is signing in to. */
export function AuthBrandPanel() {
  const sample = DEMO_GROUPS[0]?.links[0];
  return (
    <aside
      aria-label="About Linkvault"
      className="relative isolate hidden overflow-hidden bg-slate-900 lg:flex lg:flex-col lg:justify-center lg:px-16 xl:px-24"
    >
      <div
        aria-hidden="true"
        className="absolute -top-40 -right-32 -z-10 size-[36rem] rounded-full bg-linear-to-br from-brand-500/50 via-violet-500/30 to-transparent blur-3xl"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[linear-gradient(to_right,rgb(255_255_255/0.04)_1px,transparent_1px),linear-gradient(to_bottom,rgb(255_255_255/0.04)_1px,transparent_1px)] bg-[size:40px_40px]"
      />
      <div className="max-w-md">
        <p className="text-3xl font-semibold tracking-tight text-balance text-white">
          Every link you save, summarized and easy to find again.
        </p>
        <ul className="mt-8 space-y-3 text-slate-300">
          {POINTS.map((point) => (
            <li key={point} className="flex items-center gap-3">
              <CheckIcon className="size-5 text-indigo-300" />
              {point}
            </li>
          ))}
        </ul>
        {sample && (
          <div
            aria-hidden="true"
            className="mt-12 rotate-[-1.5deg] rounded-2xl bg-white/5 p-2 ring-1 ring-white/10"
          >
            <DemoLinkCard link={sample} />
          </div>
        )}
      </div>
    </aside>
  );
}
