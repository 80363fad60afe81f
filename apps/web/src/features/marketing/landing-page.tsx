import { CtaBand } from './cta-band';
import { FeatureGrid } from './feature-grid';
import { Hero } from './hero';
import { HowItWorks } from './how-it-works';
import { PricingTeaser } from './pricing-teaser';
import { TrustStrip } from './trust-strip';

/** The marketing home page at /. */
export function LandingPage() {
  return (
    <>
      <Hero />
      <TrustStrip />
      <FeatureGrid />
      <HowItWorks />
      <PricingTeaser />
      <CtaBand
        title="Your notes already know a lot. Start asking them."
        text="Start on the Free plan, and move to Pro only when you need more assistant replies."
        secondary={{ to: '/pricing', label: 'Compare plans' }}
      />
    </>
  );
}
