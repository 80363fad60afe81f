/** The OR between "Continue with …" and the email form (product.md §2). */
export function OrDivider() {
  return (
    <div className="my-6 flex items-center gap-3 text-xs font-semibold tracking-wider text-slate-500">
      <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />
      OR
      <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />
    </div>
  );
}
