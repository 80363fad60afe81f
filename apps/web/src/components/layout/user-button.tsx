import { ChevronDown } from 'lucide-react';

export const userButtonClass =
  'flex max-w-48 items-center gap-1 rounded-lg px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600';

export function UserButtonLabel({ name }: { name: string }) {
  return (
    <>
      <span className="truncate">{name}</span>
      <ChevronDown className="size-4 shrink-0" aria-hidden="true" />
    </>
  );
}
