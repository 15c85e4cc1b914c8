import { PrivacyPolicy } from '../features/marketing/legal/PrivacyPolicy';
import { TermsOfService } from '../features/marketing/legal/TermsOfService';

/** SPEC.md §2, signed out: /privacy and /terms, static pages with a Back to home link. */
export function Privacy() {
  return <PrivacyPolicy />;
}

export function Terms() {
  return <TermsOfService />;
}
