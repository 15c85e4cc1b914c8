import { Link, type LinkProps } from 'react-router';

/**
 * A router link that looks like a Button (components/ui.tsx): navigation must stay a real link (middle-click,
 * "open in new tab", announced as a link), but calls to action want the button's look. The variant classes
 * mirror Button's so both read as one family.
 */
type Variant = 'primary' | 'secondary' | 'ghost' | 'inverse';
const VARIANTS: Record<Variant, string> = {
  primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700',
  secondary:
    'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
  ghost:
    'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
  /** For dark bands that stay dark in both colour schemes. */
  inverse: 'bg-white text-slate-900 shadow-sm hover:bg-slate-100',
};
const SIZES = { sm: 'h-8 px-3 text-sm', md: 'h-10 px-4 text-sm', lg: 'h-12 px-6 text-base' } as const;

export function buttonLinkClass(variant: Variant = 'primary', size: keyof typeof SIZES = 'md'): string {
  return `inline-flex items-center justify-center gap-2 rounded-lg font-medium whitespace-nowrap transition-colors ${SIZES[size]} ${VARIANTS[variant]}`;
}

export function ButtonLink({
  variant = 'primary',
  size = 'md',
  className = '',
  ...props
}: LinkProps & { variant?: Variant; size?: keyof typeof SIZES }) {
  return <Link className={`${buttonLinkClass(variant, size)} ${className}`} {...props} />;
}
