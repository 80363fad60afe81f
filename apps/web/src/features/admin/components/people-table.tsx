import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import type { AdminPerson } from '@turtle/shared/admin';
import type { ADMIN_PEOPLE_SORTS } from '@turtle/shared/admin';
import { Plan } from '@turtle/shared/plans';
import { errorMessage } from '../../../lib/error-message';
import { useServerMutation } from '../../../lib/query/use-server-mutation';
import { useServerQuery } from '../../../lib/query/use-server-query';
import { toast } from '../../../lib/toast';
import { listPeople, signOutEverywhere, type PeopleQuery } from '../api/admin-calls';
import { ComplimentaryActions } from './complimentary-actions';
import { DeletePersonAction } from './delete-person-action';
import { ResetLinkAction } from './reset-link-action';
import { SuspensionActions } from './suspension-actions';
import { ReadFailure } from './read-failure';

type Sort = (typeof ADMIN_PEOPLE_SORTS)[number];
const SORT_LABELS: Record<Sort, string> = {
  signedUp: 'Signed up',
  name: 'Name',
  email: 'Email',
  signInMethod: 'Sign-in',
  plan: 'Plan',
  repliesThisMonth: 'Replies this month',
  cards: 'Cards',
  lessons: 'Lessons',
  lastSignIn: 'Last sign-in',
};
// The columns in their order on screen; the counts are aligned right.
const COLUMNS: Sort[] = [
  'name',
  'email',
  'signInMethod',
  'plan',
  'repliesThisMonth',
  'cards',
  'lessons',
  'signedUp',
  'lastSignIn',
];
const NUMERIC = new Set<Sort>(['repliesThisMonth', 'cards', 'lessons']);
const METHOD_LABELS: Record<AdminPerson['signInMethod'], string> = {
  password: 'Password',
  'third-party': 'Provider',
  both: 'Both',
};

const date = (ms: number | null) => (ms === null ? '—' : new Date(ms).toLocaleDateString());

/** The people list: a search box, a sort on every column, pages of 50, and "Sign out everywhere" and suspension for each person. */
export function PeopleTable({ onAction }: { onAction: () => void }) {
  const [query, setQuery] = useState<PeopleQuery>({ q: '', sort: 'signedUp', order: 'desc', page: 1 });
  const { data, error, isFetching } = useServerQuery({
    queryKey: ['admin', 'people', query] as const,
    queryFn: ({ signal }) => listPeople(query, signal),
    placeholderData: keepPreviousData,
  });
  const signOut = useServerMutation((person: AdminPerson) => signOutEverywhere(person.id), {
    fallback: 'The sessions could not be ended. Please try again.',
    onError: (failure) => toast(errorMessage(failure), 'error'),
  });

  const sortBy = (sort: Sort) =>
    setQuery((current) => ({
      ...current,
      sort,
      order: current.sort === sort && current.order === 'desc' ? 'asc' : 'desc',
      page: 1,
    }));
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <section aria-labelledby="people-heading" className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="people-heading" className="text-lg font-semibold text-slate-900">
          People{data ? ` (${data.total})` : ''}
        </h2>
        <label className="flex flex-col gap-1 text-sm text-slate-700">
          Search by name or email
          <input
            type="search"
            value={query.q}
            onChange={(event) => setQuery((current) => ({ ...current, q: event.target.value, page: 1 }))}
            className="w-72 max-w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
          />
        </label>
      </div>
      {error && !data && <ReadFailure error={error} />}
      <div className="relative w-full overflow-x-auto rounded-xl border border-slate-200" aria-busy={isFetching}>
        <table className="w-full min-w-[56rem] text-left text-sm">
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              {COLUMNS.map((sort) => (
                <SortHeader key={sort} sort={sort} query={query} onSort={sortBy} />
              ))}
              <th className="px-3 py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data?.people.map((person) => (
              <tr key={person.id} className="border-t border-slate-100">
                <td className="px-3 py-2 font-medium text-slate-900">
                  {person.name}
                  {person.role === 1 && <span className="ml-2 text-xs text-brand-700">admin</span>}
                  {person.suspendedAt !== null && (
                    <span
                      title={person.suspensionReason ?? undefined}
                      className="ml-2 rounded bg-red-50 px-1.5 py-0.5 text-xs font-semibold text-red-800"
                    >
                      suspended
                    </span>
                  )}
                </td>
                <td className="px-3 py-2 text-slate-700">{person.email}</td>
                <td className="px-3 py-2 text-slate-700">{METHOD_LABELS[person.signInMethod]}</td>
                <td className="px-3 py-2 text-slate-700">
                  {person.plan === Plan.FREE ? 'Free' : `Pro until ${date(person.expireAt)}`}
                  {person.plan !== Plan.FREE && person.complimentary && (
                    <span className="block text-xs text-slate-500">complimentary</span>
                  )}
                </td>
                <td className="px-3 py-2 text-right text-slate-700 tabular-nums">{person.counts.repliesThisMonth}</td>
                <td className="px-3 py-2 text-right text-slate-700 tabular-nums">{person.counts.cards}</td>
                <td className="px-3 py-2 text-right text-slate-700 tabular-nums">{person.counts.lessons}</td>
                <td className="px-3 py-2 text-slate-700">{date(person.signedUpAt)}</td>
                <td className="px-3 py-2 text-slate-700">{date(person.lastSignInAt)}</td>
                <td className="px-3 py-2">
                  <div className="flex flex-col items-end gap-1 whitespace-nowrap">
                    <button
                      type="button"
                      disabled={signOut.busy}
                      onClick={async () => {
                        if (!window.confirm(`Sign ${person.name} out on every device?`)) return;
                        const done = await signOut.run(person);
                        if (done) {
                          toast(
                            `${person.name} is signed out everywhere (${done.sessionsEnded} session${done.sessionsEnded === 1 ? '' : 's'}).`,
                          );
                          onAction();
                        }
                      }}
                      className="rounded-md px-2 py-1 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-50"
                    >
                      Sign out everywhere
                    </button>
                    <ComplimentaryActions person={person} onChanged={onAction} />
                    {person.suspendedAt === null && <ResetLinkAction person={person} onMade={onAction} />}
                    {person.role !== 1 && <SuspensionActions person={person} onChanged={onAction} />}
                    {person.role !== 1 && <DeletePersonAction person={person} onDeleted={onAction} />}
                  </div>
                </td>
              </tr>
            ))}
            {data?.people.length === 0 && (
              <tr>
                <td colSpan={10} className="px-3 py-6 text-center text-slate-500">
                  Nobody matches.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <nav aria-label="Pages" className="flex items-center justify-end gap-3 text-sm text-slate-700">
        <button
          type="button"
          disabled={query.page <= 1}
          onClick={() => setQuery((current) => ({ ...current, page: current.page - 1 }))}
          className="rounded-md px-2 py-1 font-semibold hover:bg-slate-100 disabled:opacity-40"
        >
          Previous
        </button>
        <span>
          Page {query.page} of {pages}
        </span>
        <button
          type="button"
          disabled={query.page >= pages}
          onClick={() => setQuery((current) => ({ ...current, page: current.page + 1 }))}
          className="rounded-md px-2 py-1 font-semibold hover:bg-slate-100 disabled:opacity-40"
        >
          Next
        </button>
      </nav>
    </section>
  );
}

function SortHeader({ sort, query, onSort }: { sort: Sort; query: PeopleQuery; onSort: (sort: Sort) => void }) {
  const active = query.sort === sort;
  return (
    <th
      className={`px-3 py-2 font-medium${NUMERIC.has(sort) ? ' text-right' : ''}`}
      aria-sort={active ? (query.order === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button type="button" onClick={() => onSort(sort)} className="font-medium hover:text-slate-900">
        {SORT_LABELS[sort]}
        {active ? (query.order === 'asc' ? ' ↑' : ' ↓') : ''}
      </button>
    </th>
  );
}
