import { useState } from 'react';
import { queryKeys } from '../../../lib/query/query-keys';
import { useServerQuery } from '../../../lib/query/use-server-query';
import { usePublicConfig } from '../../../lib/public-config-store';
import { useTurtleStore } from '../../../lib/turtle-store';
import { getSubscription } from '../api/get-subscription';
import { useRefreshUser } from '../hooks/use-refresh-user';
import { MembershipCard } from './membership-card';

/** /membership (product.md §2 "Membership"): the signed-in user's membership, fetched again on open. */
export function MembershipScreen() {
  useRefreshUser();
  const [now] = useState(Date.now);
  const membership = useTurtleStore((state) => state.user.membership);
  const payments = usePublicConfig((state) => state.payments);
  // Asked again whenever the stored membership changes; the last answer stays meanwhile.
  const summary = useServerQuery({
    queryKey: [...queryKeys.subscription, membership.expireAt, membership.subscription],
    queryFn: ({ signal }) => getSubscription(signal),
    placeholderData: (previous) => previous,
  });
  // Unknown: the date reads as the end of what is paid, which is true either way.
  // Unknown (not yet read, or the read failed): the card shows the date alone rather than guess.
  const renews = summary.data?.renews ?? null;
  return (
    <MembershipCard
      membership={membership}
      payments={payments}
      now={now}
      renews={renews}
      complimentary={summary.data?.complimentary ?? false}
    />
  );
}
