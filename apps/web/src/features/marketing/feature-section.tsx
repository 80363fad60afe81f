import { Check, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { CONTAINER } from './layout';

export interface FeaturePoint {
  title: string;
  text: string;
}

interface FeatureSectionProps {
  id: string;
  icon: LucideIcon;
  eyebrow: string;
  title: string;
  intro: string;
  points: FeaturePoint[];
  /** The picture beside the text; decorative mocks mark themselves aria-hidden. */
  visual: ReactNode;
  /** Puts the picture on the left on wide screens. */
  reverse?: boolean;
  tinted?: boolean;
  children?: ReactNode;
}

/** One feature area of /features: heading, explanation and points beside a product picture. */
export function FeatureSection(props: FeatureSectionProps) {
  const { id, icon: Icon, eyebrow, title, intro, points, visual, reverse, tinted, children } = props;
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={cn('scroll-mt-16 py-20 sm:py-24', tinted && 'bg-linear-to-b from-brand-50/70 to-slate-50')}
    >
      <div className={cn(CONTAINER, 'grid items-center gap-12 lg:grid-cols-2 lg:gap-10')}>
        <div className={cn(reverse && 'lg:order-2')}>
          <p className="flex items-center gap-2 text-sm font-semibold tracking-wide text-brand-700 uppercase">
            <span className="grid size-8 place-items-center rounded-lg bg-brand-700 text-white">
              <Icon className="size-4" aria-hidden="true" />
            </span>
            {eyebrow}
          </p>
          <h2
            id={`${id}-title`}
            className="mt-4 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl lg:text-3xl"
          >
            {title}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-pretty text-slate-600">{intro}</p>
          <ul className="mt-8 grid gap-5 sm:grid-cols-2">
            {points.map((point) => (
              <li key={point.title} className="flex gap-3">
                <Check className="mt-1 size-4 shrink-0 text-brand-600" aria-hidden="true" />
                <div>
                  <h3 className="font-semibold text-slate-900">{point.title}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-slate-600">{point.text}</p>
                </div>
              </li>
            ))}
          </ul>
          {children}
        </div>
        <div className={cn('min-w-0', reverse && 'lg:order-1')}>{visual}</div>
      </div>
    </section>
  );
}
