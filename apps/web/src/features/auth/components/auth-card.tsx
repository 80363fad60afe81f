import type { ReactNode } from 'react';
import { TurtleMark } from '../../../components/layout/logo';

interface AuthCardProps {
  title: string;
  subtitle: string;
  children: ReactNode;
  /** The line under the card: the link to the other screen. */
  footer: ReactNode;
}

/** The login and signup screens' frame: a centred card on a soft teal wash, like the landing page's hero. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <div className="bg-[radial-gradient(ellipse_at_top,var(--color-brand-100),transparent_65%)] px-4 py-10 sm:py-16">
      <div className="mx-auto w-full max-w-md">
        <div className="rounded-2xl border border-slate-200 bg-white px-5 py-8 shadow-lg shadow-slate-200/60 sm:px-10 sm:py-10">
          <div className="mb-8 flex flex-col items-center text-center">
            <TurtleMark className="size-11" />
            <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
            <p className="mt-2 text-sm text-pretty text-slate-600">{subtitle}</p>
          </div>
          {children}
        </div>
        <p className="mt-6 text-center text-sm text-slate-600">{footer}</p>
      </div>
    </div>
  );
}

export const authLinkClass =
  'rounded font-semibold text-brand-700 hover:text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';
