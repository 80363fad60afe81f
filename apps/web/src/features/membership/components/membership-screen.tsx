import { useState } from 'react';
import { usePublicConfig } from '../../../lib/public-config-store';
import { useTurtleStore } from '../../../lib/turtle-store';
import { useRefreshUser } from '../hooks/use-refresh-user';
import { MembershipCard } from './membership-card';

/** /membership (product.md §2 "Membership"): the signed-in user's membership, fetched again on open. */
export function MembershipScreen() {
  useRefreshUser();
  const [now] = useState(Date.now);
  const membership = useTurtleStore((state) => state.user.membership);
  const payments = usePublicConfig((state) => state.payments);
  return <MembershipCard membership={membership} payments={payments} now={now} />;
}
