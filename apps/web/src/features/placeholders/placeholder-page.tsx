import { Construction } from 'lucide-react';

/** A screen whose feature has not landed yet: says so plainly instead of pretending. */
export function PlaceholderPage({ title, description }: { title: string; description: string }) {
  return (
    <section className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-16 text-center">
      <Construction className="size-10 text-brand-700" aria-hidden="true" />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="max-w-md text-slate-600">{description}</p>
    </section>
  );
}
