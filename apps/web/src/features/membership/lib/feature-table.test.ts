import { describe, expect, it } from 'vitest';
import { ENTITLEMENTS, PLAN_FEATURES, type PlanFeature } from '@turtle/shared/entitlements';
import { featureCell, featureRows, planPoints, proUpsell } from './feature-table';

const row = (label: string) => featureRows().find((candidate) => candidate.label === label);

describe('featureRows', () => {
  it('has one row per shared feature, in order', () => {
    expect(featureRows().map((r) => r.label)).toEqual(PLAN_FEATURES.map((feature) => feature.label));
  });

  it('reads the daily reply limits from the entitlements table (50 vs 2,000)', () => {
    expect(row('Assistant replies')).toEqual({
      label: 'Assistant replies',
      group: 'study',
      comingSoon: false,
      free: { kind: 'text', text: `${ENTITLEMENTS[0].dailyReplies} a day` },
      pro: { kind: 'text', text: '2,000 a day' },
    });
    expect(row('Assistant replies')?.free).toEqual({ kind: 'text', text: '50 a day' });
  });

  it('gives Free a 100-card limit and Pro Unlimited Card Creation (product.md §6)', () => {
    expect(row('Unlimited Card Creation')?.free).toEqual({ kind: 'text', text: 'Max 100 cards' });
    expect(row('Unlimited Card Creation')?.pro).toEqual({ kind: 'included', text: 'Unlimited' });
  });

  it('shows the limits on own lessons from the entitlements table (docs/decisions/046-own-lessons.md)', () => {
    expect(row('Lessons from your own audio')).toMatchObject({
      free: { kind: 'text', text: 'Max 3 lessons' },
      pro: { kind: 'text', text: 'Max 200 lessons' },
    });
    expect(row('Audio in your own lessons')).toMatchObject({
      free: { kind: 'text', text: 'Max 30 minutes' },
      pro: { kind: 'text', text: 'Max 3,000 minutes' },
    });
  });

  it('leaves Advanced Analytics out of Free only', () => {
    expect(row('Advanced Analytics')?.free).toEqual({ kind: 'excluded' });
    expect(row('Advanced Analytics')?.pro).toEqual({ kind: 'included' });
  });

  it('marks nothing as coming soon: every flashcard line is built (decisions 012 and 013)', () => {
    expect(
      featureRows()
        .filter((r) => r.comingSoon)
        .map((r) => r.label),
    ).toEqual([]);
    expect(
      featureRows()
        .filter((r) => r.group === 'flashcards')
        .map((r) => r.label),
    ).toEqual([
      'AI-generated flashcards',
      'Spaced repetition',
      'Multi-subject decks',
      'Card export',
      'Unlimited Card Creation',
      'Advanced Analytics',
    ]);
  });

  it('gives Pro everything (product.md §6): no Pro cell is "excluded"', () => {
    expect(featureRows().filter((r) => r.pro.kind === 'excluded')).toEqual([]);
  });

  it('follows the table it is given', () => {
    const feature: PlanFeature = { label: 'Exports', group: 'flashcards', unit: 'cards', values: { 0: 5, 1: false } };
    expect(featureCell(feature, 0)).toEqual({ kind: 'text', text: 'Max 5' });
    expect(featureCell(feature, 1)).toEqual({ kind: 'excluded' });
  });
});

describe('planPoints', () => {
  it('lists Free’s highlights, its card limit included', () => {
    expect(planPoints(0)).toEqual([
      '50 assistant replies a day',
      'AI chat that reads your notes',
      'Notes with search',
      'Audio lessons with the AI tutor',
      'Max 100 cards',
    ]);
  });

  it('lists what Pro adds after "Everything in Free"', () => {
    expect(planPoints(1)).toEqual([
      'Everything in Free',
      '2,000 assistant replies a day',
      'Unlimited Card Creation',
      'Advanced Analytics',
    ]);
  });
});

describe('proUpsell', () => {
  it('says what Pro adds in one line', () => {
    expect(proUpsell()).toBe('2,000 assistant replies a day, Unlimited Card Creation and Advanced Analytics');
  });
});
