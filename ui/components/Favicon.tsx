import { useState } from 'react';
import { hostOf } from '../lib/format';

/**
 * The site's icon, or its first letter on a tinted tile when there is none or it fails to load. Remote
 * images are requested without a referrer so saved URLs do not leak to the sites they point at.
 */
export function Favicon({
  url,
  favicon,
  size = 'md',
}: {
  url: string;
  favicon: string | null;
  size?: 'sm' | 'md' | 'lg';
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const box = { sm: 'size-5 rounded', md: 'size-9 rounded-lg', lg: 'size-11 rounded-xl' }[size];
  const img = { sm: 'size-4', md: 'size-5', lg: 'size-6' }[size];
  const letter = (hostOf(url).match(/[a-z0-9]/i)?.[0] ?? '?').toUpperCase();
  return (
    <span
      className={`grid shrink-0 place-items-center border border-slate-200/80 bg-white dark:border-slate-700/70 dark:bg-slate-800 ${box}`}
      aria-hidden="true"
    >
      {favicon && failed !== favicon ? (
        <img
          src={favicon}
          alt=""
          className={`${img} object-contain`}
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          onError={() => setFailed(favicon)}
        />
      ) : (
        <span
          className={`font-semibold text-slate-500 dark:text-slate-300 ${size === 'sm' ? 'text-[10px]' : 'text-sm'}`}
        >
          {letter}
        </span>
      )}
    </span>
  );
}
