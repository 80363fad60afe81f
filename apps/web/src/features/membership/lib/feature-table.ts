import { PLAN_FEATURES, type PlanFeature, type PlanId } from '@turtle/shared/entitlements';
import { Plan } from '@turtle/shared/plans';
import { formatCount } from './price';

/** One cell of the feature table: a check, a dash, or words (a limit, or "Unlimited"). */
export type FeatureCell = { kind: 'included'; text?: string } | { kind: 'excluded' } | { kind: 'text'; text: string };

export interface FeatureRow {
  label: string;
  group: PlanFeature['group'];
  /** Sold, not built yet: the row says so. */
  comingSoon: boolean;
  free: FeatureCell;
  pro: FeatureCell;
}

function limitText(feature: PlanFeature, limit: number): string {
  return feature.unit === 'day'
    ? `${formatCount(limit)} a day`
    : `Max ${formatCount(limit)} ${feature.noun ?? ''}`.trim();
}

export function featureCell(feature: PlanFeature, plan: PlanId): FeatureCell {
  const value = feature.values[plan];
  if (value === true) return { kind: 'included' };
  if (value === false) return { kind: 'excluded' };
  if (value === null) return { kind: 'included', text: 'Unlimited' };
  return { kind: 'text', text: limitText(feature, value) };
}

/** The pricing page's feature table, from the shared entitlements (the rows the server's limits come from). */
export function featureRows(features: readonly PlanFeature[] = PLAN_FEATURES): FeatureRow[] {
  return features.map((feature) => ({
    label: feature.label,
    group: feature.group,
    comingSoon: feature.comingSoon === true,
    free: featureCell(feature, Plan.FREE),
    pro: featureCell(feature, Plan.PRO),
  }));
}

/** A plan card's point for one feature: "50 assistant replies a day", "Max 100 cards", "Advanced Analytics". */
function point(feature: PlanFeature, plan: PlanId): string | null {
  const value = feature.values[plan];
  if (value === false) return null;
  if (value === true || value === null) return feature.comingSoon ? `${feature.label} (coming soon)` : feature.label;
  return feature.unit === 'day' ? `${formatCount(value)} ${feature.noun} a day` : limitText(feature, value);
}

/**
 * The points on a plan's card. Free lists its highlights; Pro lists what it adds over Free, after "Everything in
 * Free", so the two cards read as a step up.
 */
export function planPoints(plan: PlanId, features: readonly PlanFeature[] = PLAN_FEATURES): string[] {
  const shown = features.filter((feature) => feature.highlight);
  if (plan === Plan.FREE) return shown.flatMap((feature) => point(feature, plan) ?? []);
  const extras = shown.filter((feature) => feature.values[plan] !== feature.values[Plan.FREE]);
  return ['Everything in Free', ...extras.flatMap((feature) => point(feature, plan) ?? [])];
}

/** What Pro adds, in one line for the Free member's upgrade prompt: "2,000 assistant replies a day, … and …". */
export function proUpsell(features: readonly PlanFeature[] = PLAN_FEATURES): string {
  const extras = planPoints(Plan.PRO, features).slice(1);
  return extras.length < 2 ? extras.join('') : `${extras.slice(0, -1).join(', ')} and ${extras.at(-1)}`;
}
