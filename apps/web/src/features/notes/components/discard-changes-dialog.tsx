import type { Blocker } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

/** Asks before a blocked navigation drops the editor's unsaved changes. */
export function DiscardChangesDialog({ blocker, onDiscard }: { blocker: Blocker; onDiscard?: () => void }) {
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => !open && blocker.reset?.()}
      title="Discard changes?"
      description="You have unsaved changes to this note. If you leave now, they will be lost."
      cancelLabel="Keep editing"
      confirmLabel="Discard"
      tone="danger"
      onConfirm={() => {
        onDiscard?.();
        blocker.proceed?.();
      }}
    />
  );
}
