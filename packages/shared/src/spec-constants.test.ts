import { describe, expect, it } from 'vitest';
import * as constants from './constants';
import { DEFAULT_MEMBERSHIP, Plan, Subscription } from './plans';

// product.md §9 "Business constants and limits", value by value (docs/spec-conformance.md). rules.md: "All
// constants of spec section 9 live in one shared module used by client and server", this one.

describe('product.md §9 constants in the shared module', () => {
  it('session cookie sid; client store turtle-store, version 0', () => {
    expect(constants.SESSION_COOKIE_NAME).toBe('sid');
    expect(constants.CLIENT_STORE_NAME).toBe('turtle-store');
    expect(constants.CLIENT_STORE_VERSION).toBe(0);
  });

  it('Free plan at most 100 cards; Pro $9.99 a month or $99 a year, a 17% yearly saving', () => {
    expect(constants.FREE_PLAN_MAX_CARDS).toBe(100);
    expect(constants.PRO_PRICE_MONTHLY_USD).toBe(9.99);
    expect(constants.PRO_PRICE_YEARLY_USD).toBe(99);
    expect(constants.YEARLY_SAVING_PERCENT).toBe(17);
    // The saving is the prices' own: 1 − 99 / (12 × 9.99) ≈ 17.4%.
    expect(Math.floor((1 - constants.PRO_PRICE_YEARLY_USD / (12 * constants.PRO_PRICE_MONTHLY_USD)) * 100)).toBe(17);
  });

  it('plans and subscriptions as product.md §3 numbers them, and the default membership', () => {
    expect(Plan).toEqual({ FREE: 0, PRO: 1 });
    expect(Subscription).toEqual({ MONTHLY: 1, YEARLY: 2, LIFETIME: 3 });
    expect(DEFAULT_MEMBERSHIP).toEqual({ plan: 0, subscription: 3, expireAt: -1 });
  });

  it('name length 2 to 30; password at least 6', () => {
    expect(constants.NAME_MIN_LENGTH).toBe(2);
    expect(constants.NAME_MAX_LENGTH).toBe(30);
    expect(constants.PASSWORD_MIN_LENGTH).toBe(6);
  });

  it('mention query at most 75 characters; 5 menu items; remote search delay 250 ms', () => {
    expect(constants.MENTION_QUERY_MAX_LENGTH).toBe(75);
    expect(constants.MENTION_MENU_ITEM_LIMIT).toBe(5);
    expect(constants.MENTION_REMOTE_SEARCH_DELAY_MS).toBe(250);
  });

  it('composer 48px to 8rem; editor indent 40px; undo history merge delay 1000 ms', () => {
    expect(constants.COMPOSER_MIN_HEIGHT_PX).toBe(48);
    expect(constants.COMPOSER_MAX_HEIGHT_REM).toBe(8);
    expect(constants.EDITOR_INDENT_UNIT_PX).toBe(40);
    expect(constants.UNDO_HISTORY_MERGE_DELAY_MS).toBe(1000);
  });

  it('scrollbar hides after 600 ms; scroll thumb at least 18px', () => {
    expect(constants.SCROLLBAR_AUTO_HIDE_DELAY_MS).toBe(600);
    expect(constants.SCROLLBAR_THUMB_MIN_SIZE_PX).toBe(18);
  });

  it('focus back in the chat input 100 ms after a reply, in the lesson chat input 100 ms too', () => {
    expect(constants.CHAT_INPUT_REFOCUS_DELAY_MS).toBe(100);
    expect(constants.LESSON_CHAT_INPUT_FOCUS_DELAY_MS).toBe(100);
  });

  it('mobile under 768 px; alert auto-dismiss 7000 ms; sign-in popup 500x600', () => {
    expect(constants.MOBILE_BREAKPOINT_PX).toBe(768);
    expect(constants.ALERT_AUTO_DISMISS_MS).toBe(7000);
    expect(constants.SIGN_IN_POPUP_WIDTH).toBe(500);
    expect(constants.SIGN_IN_POPUP_HEIGHT).toBe(600);
  });

  it('skip step 10 s; progress slider step 100 ms; side pane 750 px, from 300 to 900', () => {
    expect(constants.LESSON_SKIP_STEP_SECONDS).toBe(10);
    expect(constants.LESSON_SLIDER_STEP_MS).toBe(100);
    expect(constants.LESSON_PANE_DEFAULT_WIDTH_PX).toBe(750);
    expect(constants.LESSON_PANE_MIN_WIDTH_PX).toBe(300);
    expect(constants.LESSON_PANE_MAX_WIDTH_PX).toBe(900);
  });

  it('7 lessons, only 1 to 3 with audio and transcript, lasting 3:37, 4:37, 5:19, 5:18, 5:44, 6:56, 5:50', () => {
    expect(constants.LESSON_COUNT).toBe(7);
    expect(constants.READY_LESSON_IDS).toEqual(['1', '2', '3']);
    expect(constants.LESSON_DURATIONS).toEqual(['3:37', '4:37', '5:19', '5:18', '5:44', '6:56', '5:50']);
  });

  it('relative-time thresholds: 1 minute, 60 minutes, 24 hours, 7 days', () => {
    expect(constants.RELATIVE_TIME_THRESHOLDS_MS).toEqual({
      justNow: 60_000,
      minutes: 60 * 60_000,
      hours: 24 * 60 * 60_000,
      days: 7 * 24 * 60 * 60_000,
    });
  });

  it('markdown link protocols: http, https, irc, ircs, mailto, xmpp', () => {
    expect(constants.MARKDOWN_ALLOWED_PROTOCOLS).toEqual(['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp']);
  });
});
