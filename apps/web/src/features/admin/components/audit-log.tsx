import { useServerQuery } from '../../../lib/query/use-server-query';
import { listAudit } from '../api/admin-calls';
import { ReadFailure } from './read-failure';

/** What administrators did, newest first (decision 037): read again after each action on this page (`version`). */
export function AuditLog({ version }: { version: number }) {
  const { data, error } = useServerQuery({
    queryKey: ['admin', 'audit', version] as const,
    queryFn: ({ signal }) => listAudit(signal),
  });
  return (
    <section aria-labelledby="audit-heading" className="flex min-w-0 flex-col gap-3">
      <h2 id="audit-heading" className="text-lg font-semibold text-slate-900">
        Audit log
      </h2>
      {error && !data && <ReadFailure error={error} />}
      {data?.entries.length === 0 && <p className="text-sm text-slate-500">No administrator action yet.</p>}
      <ol className="flex flex-col divide-y divide-slate-100 rounded-xl border border-slate-200 text-sm">
        {data?.entries.map((entry) => (
          <li key={entry.id} className="flex flex-wrap gap-x-3 px-3 py-2 text-slate-700">
            <time dateTime={new Date(entry.at).toISOString()} className="text-slate-500">
              {new Date(entry.at).toLocaleString()}
            </time>
            <span className="font-medium text-slate-900">{entry.action}</span>
            <span>{entry.targetEmail ?? ''}</span>
            <span className="text-slate-500">({entry.via})</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
