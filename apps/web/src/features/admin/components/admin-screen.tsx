import { useState } from 'react';
import { ROLE_ADMINISTRATOR } from '@turtle/shared/roles';
import { NotFoundPage } from '../../../components/not-found-page';
import { useTurtleStore } from '../../../lib/turtle-store';
import { AuditLog } from './audit-log';
import { BusinessPanel } from './business-panel';
import { PeopleTable } from './people-table';
import { ReauthDialog } from './reauth-dialog';
import { UsagePanel } from './usage-panel';

/**
 * /admin (decision 037): the people who use Turtle and what administrators did. Only an administrator sees it; to
 * anyone else it is the page an unknown address shows, as the server's routes answer them 404.
 */
export function AdminScreen() {
  const role = useTurtleStore((state) => state.user.role);
  const [auditVersion, setAuditVersion] = useState(0);
  if (role !== ROLE_ADMINISTRATOR) return <NotFoundPage />;
  return (
    <div className="mx-auto flex w-full min-w-0 max-w-6xl flex-col gap-8">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Admin</h1>
        <p className="mt-1 text-sm text-slate-600">
          The people who use Turtle. You see their accounts, never the content of their notes, chats, cards or lessons.
        </p>
      </header>
      <PeopleTable onAction={() => setAuditVersion((version) => version + 1)} />
      <BusinessPanel />
      <UsagePanel />
      <AuditLog version={auditVersion} />
      <ReauthDialog />
    </div>
  );
}
