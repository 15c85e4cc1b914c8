import { splitMatches } from './highlight';

/** `text` with every case-insensitive occurrence of `query` marked. */
export function Highlight({ text, query }: { text: string; query: string }) {
  return (
    <>
      {splitMatches(text, query).map((segment, i) =>
        segment.match ? (
          <mark
            key={i}
            className="rounded-[3px] bg-amber-200/80 px-px text-slate-900 dark:bg-amber-400/30 dark:text-amber-50"
          >
            {segment.text}
          </mark>
        ) : (
          <span key={i}>{segment.text}</span>
        ),
      )}
    </>
  );
}
