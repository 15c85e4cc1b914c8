import { type Segment, markedSegments, splitMatches } from './highlight';

/** `text` with every case-insensitive occurrence of `query` marked. */
export function Highlight({ text, query }: { text: string; query: string }) {
  return <Segments segments={splitMatches(text, query)} />;
}

/** An excerpt with the words the server matched marked. */
export function Marked({ text, marks }: { text: string; marks: readonly (readonly [number, number])[] }) {
  return <Segments segments={markedSegments(text, marks)} />;
}

function Segments({ segments }: { segments: Segment[] }) {
  return (
    <>
      {segments.map((segment, i) =>
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
