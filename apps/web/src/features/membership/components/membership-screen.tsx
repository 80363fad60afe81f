import { useEffect, useState } from 'react';
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
  const [renews, setRenews] = useState<boolean | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    getSubscription(controller.signal)
      .then((summary) => setRenews(summary.renews))
      // Unknown: the date reads as the end of what is paid, which is true either way.
      .catch(() => !controller.signal.aborted && setRenews(false));
    return () => controller.abort();
  }, [membership.expireAt, membership.subscription]);
  return <MembershipCard membership={membership} payments={payments} now={now} renews={renews} />;
}
