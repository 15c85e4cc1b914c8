import { type ReactNode, useId } from 'react';

/** A titled part of a settings section (Import, Past imports, Password, …). */
export function SettingsPart({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="text-sm font-semibold text-slate-900 dark:text-white">
        {title}
      </h3>
      {description && (
        <div className="mt-1 text-sm leading-6 text-slate-600 dark:text-slate-400">{description}</div>
      )}
      <div className="mt-4">{children}</div>
    </section>
  );
}
