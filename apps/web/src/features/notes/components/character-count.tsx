import { cn } from '../../../lib/cn';

const format = (value: number) => value.toLocaleString('en-US');

/** "12 / 200": how much of a limit is used; red once past it. */
export function CharacterCount({ label, length, max }: { label: string; length: number; max: number }) {
  const over = length > max;
  return (
    <p className={cn('text-xs tabular-nums', over ? 'font-semibold text-red-700' : 'text-slate-600')}>
      <span className="text-slate-500">{label}</span> {format(length)} / {format(max)}
    </p>
  );
}
