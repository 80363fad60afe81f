import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { MouseEvent, ReactNode } from 'react';
import { Button, buttonClass } from './button';
import { Spinner } from './spinner';

export interface ConfirmDialogProps {
  open: boolean;
  /** Called with `false` by Cancel and Escape (never by a click outside: an alert dialog must be answered). */
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  cancelLabel?: string;
  confirmLabel: string;
  /** The confirm button does not close the dialog by itself: the caller closes it when the action is done. */
  onConfirm: () => void;
  tone?: 'danger' | 'primary';
  /** While the confirmed action runs: both buttons disabled, a spinner on the confirm button. */
  busy?: boolean;
}

/**
 * A question the user must answer before going on (Radix AlertDialog): focus is trapped inside, Cancel has it
 * first, Escape cancels, clicks outside do nothing. Import it only from lazy screens: Radix stays off the landing.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  cancelLabel = 'Cancel',
  confirmLabel,
  onConfirm,
  tone = 'primary',
  busy = false,
}: ConfirmDialogProps) {
  const confirm = (event: MouseEvent) => {
    event.preventDefault();
    onConfirm();
  };
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-slate-950/40 backdrop-blur-[2px]" />
        <AlertDialog.Content className="fixed inset-x-4 top-1/2 z-50 mx-auto max-w-md -translate-y-1/2 animate-dialog-in rounded-2xl border border-slate-200 bg-white p-6 shadow-xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-pretty text-slate-600">
            {description}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClass('secondary', 'md', 'h-11 sm:h-10')} disabled={busy}>
              {cancelLabel}
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button
                variant={tone}
                className="h-11 sm:h-10"
                disabled={busy}
                aria-busy={busy || undefined}
                onClick={confirm}
              >
                {busy && <Spinner />}
                {confirmLabel}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
