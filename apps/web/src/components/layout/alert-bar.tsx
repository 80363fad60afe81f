import { TriangleAlert, X } from 'lucide-react';
import { useAlertStore } from '../../lib/alert-store';

/** The warning-type alert bar (product.md §4). */
export function AlertBar() {
  const alert = useAlertStore((state) => state.alert);
  const dismiss = useAlertStore((state) => state.dismissAlert);
  if (!alert) return null;
  return (
    <div className="fixed inset-x-0 top-16 z-50 flex justify-center px-4">
      <div
        role="alert"
        key={alert.id}
        className="flex w-full max-w-2xl items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 shadow-md"
      >
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p className="flex-1">{alert.message}</p>
        <button
          type="button"
          onClick={dismiss}
          aria-label="Dismiss"
          className="-m-1 rounded p-1 text-amber-800 hover:bg-amber-100"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
