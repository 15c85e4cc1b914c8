import type { ButtonHTMLAttributes } from 'react';

/**
 * A quiet destructive action (red text, tinted on hover) sized like Button: for "Delete" beside a dialog's
 * main actions, where a solid red button would shout louder than the action that is expected.
 */
export function DangerButton({
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type={type}
      className={`inline-flex h-10 items-center justify-center gap-2 rounded-lg px-3 text-sm font-medium text-red-600 transition-colors hover:bg-red-50 hover:text-red-700 disabled:cursor-not-allowed disabled:opacity-50 dark:text-red-400 dark:hover:bg-red-500/10 dark:hover:text-red-300 ${className}`}
      {...props}
    />
  );
}
