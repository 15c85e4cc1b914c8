/** The eyebrow + title + lead used by every marketing section, so their rhythm stays identical. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
}: {
  id: string;
  eyebrow: string;
  title: string;
  lead: string;
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold text-brand-600 dark:text-indigo-300">{eyebrow}</p>
      <h2
        id={id}
        className="mt-2 text-3xl font-semibold tracking-tight text-balance text-slate-900 sm:text-4xl dark:text-white"
      >
        {title}
      </h2>
      <p className="mt-4 text-base leading-7 text-pretty text-slate-600 dark:text-slate-400">{lead}</p>
    </div>
  );
}
