import { DemoDashboard } from './DemoDashboard';
import { SectionHeading } from './SectionHeading';

/** The target of the hero's Watch Demo anchor; scroll-mt keeps its heading clear of the sticky header. */
export function DemoSection() {
  return (
    <section
      id="demo"
      aria-labelledby="demo-title"
      className="scroll-mt-20 overflow-x-clip px-5 pb-24 sm:px-8 sm:pb-32"
    >
      <div className="mx-auto max-w-6xl">
        <SectionHeading
          id="demo-title"
          eyebrow="Demo"
          title="A dashboard that organizes itself"
          lead="New links land at the top and gain a summary and tags a minute later. Folders, counts and day-by-day groups keep months of saving easy to browse."
        />
        <div className="relative isolate mt-12">
          <div
            aria-hidden="true"
            className="absolute -inset-x-8 -top-8 -bottom-12 -z-10 rounded-[3rem] bg-linear-to-b from-brand-500/15 via-violet-500/5 to-transparent blur-2xl"
          />
          <DemoDashboard />
        </div>
      </div>
    </section>
  );
}
