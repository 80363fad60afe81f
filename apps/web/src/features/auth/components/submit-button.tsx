import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';

/** The form's main button: disabled, with a spinner, while the form is busy (product.md §4). */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <Button type="submit" disabled={busy} aria-busy={busy || undefined} className="h-11 w-full">
      {busy && <Spinner />}
      {children}
    </Button>
  );
}
