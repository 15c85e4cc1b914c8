import type { ReactNode } from 'react';

/**
 * One section of the settings page: a heading with a line of explanation, then its content. Sections
 * have ids, so other screens (and people) can link straight to one: /app/settings#connected-apps.
 */
export function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-20">
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      <div className="mt-1 text-sm leading-6 text-slate-600 dark:text-slate-400">{description}</div>
      <div className="mt-5">{children}</div>
    </section>
  );
}
