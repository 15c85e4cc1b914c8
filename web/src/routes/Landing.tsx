import { useEffect } from 'react';
import { ClosingCta } from '../features/marketing/ClosingCta';
import { DemoSection } from '../features/marketing/DemoSection';
import { Features } from '../features/marketing/Features';
import { Hero } from '../features/marketing/Hero';
import { MarketingFooter } from '../features/marketing/MarketingFooter';
import { MarketingHeader } from '../features/marketing/MarketingHeader';
import { Pricing } from '../features/marketing/Pricing';
import { SkipLink } from '../features/marketing/SkipLink';
import { Steps } from '../features/marketing/Steps';

/** SPEC.md §2, signed out at /: the marketing page. */
export function Landing() {
  useSectionAnchors();
  return (
    <>
      <title>Linkvault: save, summarize and rediscover your links</title>
      <SkipLink />
      <MarketingHeader />
      <main id="main" tabIndex={-1} className="outline-none">
        <Hero />
        <DemoSection />
        <Steps />
        <Features />
        <Pricing />
        <ClosingCta />
      </main>
      <MarketingFooter />
    </>
  );
}

/**
 * In-page anchors (Watch Demo, the section links): scroll smoothly unless the visitor asked for reduced
 * motion. The page renders only after the session check, after the browser's own attempt to honour a
 * /#demo address, so that jump is made here. Scoped to this page because the app's other screens
 * scroll their own panes.
 */
function useSectionAnchors() {
  useEffect(() => {
    const root = document.documentElement;
    const hash = window.location.hash.slice(1);
    if (hash) document.getElementById(decodeURIComponent(hash))?.scrollIntoView();
    if (!window.matchMedia('(prefers-reduced-motion: reduce)').matches) root.style.scrollBehavior = 'smooth';
    return () => {
      root.style.scrollBehavior = '';
    };
  }, []);
}
