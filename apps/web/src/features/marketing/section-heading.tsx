import { cn } from '../../lib/cn';

interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: string;
  intro?: string;
  centered?: boolean;
}

/** Eyebrow, h2 and intro paragraph at the top of a marketing section. */
export function SectionHeading({ id, eyebrow, title, intro, centered }: SectionHeadingProps) {
  return (
    <div className={cn('max-w-2xl', centered && 'mx-auto text-center')}>
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-3 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
        {title}
      </h2>
      {intro && <p className="mt-4 text-lg text-pretty text-slate-600">{intro}</p>}
    </div>
  );
}
