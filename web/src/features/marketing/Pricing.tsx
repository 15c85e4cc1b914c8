import { ButtonLink, buttonLinkClass } from '../../components/ButtonLink';
import { CheckIcon } from './icons';
import { SectionHeading } from './SectionHeading';
import { SALES_HREF } from './siteLinks';

/** SPEC.md §1's plan table, word for word. Marketing only: no plan gates anything in the app. */
type Plan = {
  name: string;
  price: string;
  period?: string;
  blurb: string;
  items: string[];
  popular?: boolean;
  cta?: { label: string; to?: string; href?: string };
  /** Shown where a plan without a call to action would otherwise end in empty space. */
  note?: string;
};

const PLANS: Plan[] = [
  {
    name: 'Free',
    price: '$0',
    blurb: 'For trying Linkvault on your own reading.',
    items: ['up to 100 links per month', 'basic AI summaries'],
    note: 'No card required.',
  },
  {
    name: 'Pro',
    price: '$8',
    period: 'per month',
    blurb: 'For people whose library is their second brain.',
    items: ['unlimited saves', 'smart categories', 'AI digests'],
    popular: true,
    cta: { label: 'Start Free Trial', to: '/app' },
  },
  {
    name: 'Team',
    price: '$25',
    period: 'per month',
    blurb: 'For teams that research and read together.',
    items: ['shared folders', 'collaboration', 'weekly insight reports'],
    cta: { label: 'Contact Sales', href: SALES_HREF },
  },
];

export function Pricing() {
  return (
    <section
      id="pricing"
      aria-labelledby="pricing-title"
      className="scroll-mt-20 border-t border-slate-200 bg-slate-50 px-5 py-24 sm:px-8 sm:py-32 dark:border-slate-800/80 dark:bg-slate-900/40"
    >
      <div className="mx-auto max-w-6xl">
        <SectionHeading
          id="pricing-title"
          eyebrow="Pricing"
          title="Simple plans that grow with your library"
          lead="Start free. Upgrade when your reading habit outgrows it."
        />
        <ul className="mx-auto mt-16 grid max-w-md gap-6 lg:max-w-none lg:grid-cols-3 lg:items-stretch">
          {PLANS.map((plan) => (
            <PlanCard key={plan.name} plan={plan} />
          ))}
        </ul>
      </div>
    </section>
  );
}

function PlanCard({ plan }: { plan: Plan }) {
  const titleId = `plan-${plan.name.toLowerCase()}`;
  return (
    <li
      className={`relative flex flex-col rounded-2xl border bg-white p-8 dark:bg-slate-900 ${
        plan.popular
          ? 'border-brand-500 shadow-xl shadow-brand-600/10 ring-1 ring-brand-500 dark:border-indigo-400 dark:ring-indigo-400'
          : 'border-slate-200 shadow-sm dark:border-slate-800'
      }`}
    >
      <div className="flex items-center justify-between gap-3">
        <h3 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-white">
          {plan.name}
        </h3>
        {plan.popular && (
          <span className="rounded-full bg-brand-600 px-2.5 py-1 text-xs font-semibold text-white">
            Popular
          </span>
        )}
      </div>
      <p className="mt-2 text-sm text-slate-600 lg:min-h-10 dark:text-slate-400">{plan.blurb}</p>
      <p className="mt-6 flex items-baseline gap-1.5">
        <span className="text-4xl font-semibold tracking-tight text-slate-900 dark:text-white">
          {plan.price}
        </span>
        {plan.period && <span className="text-sm text-slate-500 dark:text-slate-400">{plan.period}</span>}
      </p>
      <ul className="mt-8 space-y-3 text-sm text-slate-700 dark:text-slate-300">
        {plan.items.map((item) => (
          <li key={item} className="flex gap-3">
            <CheckIcon className="mt-0.5 size-4 shrink-0 text-brand-600 dark:text-indigo-300" />
            {/* The plan texts stay word for word (SPEC.md §1); only their display is sentence-cased. */}
            <span className="inline-block first-letter:uppercase">{item}</span>
          </li>
        ))}
      </ul>
      {plan.note && (
        <div className="mt-auto pt-8">
          <p className="border-t border-slate-100 pt-6 text-sm text-slate-500 dark:border-slate-800 dark:text-slate-400">
            {plan.note}
          </p>
        </div>
      )}
      {plan.cta && (
        <div className="mt-auto pt-8">
          {plan.cta.to ? (
            <ButtonLink to={plan.cta.to} className="w-full">
              {plan.cta.label}
            </ButtonLink>
          ) : (
            <a href={plan.cta.href} className={`${buttonLinkClass('secondary')} w-full`}>
              {plan.cta.label}
            </a>
          )}
        </div>
      )}
    </li>
  );
}
