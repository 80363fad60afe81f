/** Business constants of product.md §9, with rules.md applied. One module for client and server. */

/** Units of time the other constants are written in. */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
/** Relative-time thresholds for "last access": 1 minute, 60 minutes, 24 hours, 7 days. */
export const RELATIVE_TIME_THRESHOLDS_MS = {
  justNow: MINUTE_MS,
  minutes: 60 * MINUTE_MS,
  hours: 24 * HOUR_MS,
  days: 7 * DAY_MS,
} as const;

/** Sessions: the cookie, and rules.md "Security controls": 30-day sliding session expiry. */
export const SESSION_COOKIE_NAME = 'sid';
export const SESSION_TTL_MS = 30 * DAY_MS;
/** However it slides, a session ends this long after its login (security.md 7a.7). */
export const SESSION_MAX_AGE_MS = 90 * DAY_MS;

/** The client's store, and what an account's name, password and email may be. */
export const CLIENT_STORE_NAME = 'turtle-store';
export const CLIENT_STORE_VERSION = 0;
export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 30;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;

/** rules.md "Security controls": JSON bodies at most 1 MB. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/** The layout: where the phone's begins, how long an alert stays, the sign-in popup's size. */
export const MOBILE_BREAKPOINT_PX = 768;
export const ALERT_AUTO_DISMISS_MS = 7000;
export const SIGN_IN_POPUP_WIDTH = 500;
export const SIGN_IN_POPUP_HEIGHT = 600;
/** The spec's auto-hiding scrollbar. */
export const SCROLLBAR_AUTO_HIDE_DELAY_MS = 600;
export const SCROLLBAR_THUMB_MIN_SIZE_PX = 18;

/** The plans: Free's card limit, Pro's prices and the yearly saving they make (17%). */
export const FREE_PLAN_MAX_CARDS = 100;
export const PRO_PRICE_MONTHLY_USD = 9.99;
export const PRO_PRICE_YEARLY_USD = 99;
export const YEARLY_SAVING_PERCENT = Math.floor((1 - PRO_PRICE_YEARLY_USD / (12 * PRO_PRICE_MONTHLY_USD)) * 100);

/** rules.md "Chat": assistant replies a day per plan (configurable on the server; these are the defaults). */
export const FREE_DAILY_REPLIES = 50;
export const PRO_DAILY_REPLIES = 2000;

/**
 * product.md §7 and §9: the model the spec's client names in every stream request. A server always accepts it: it is
 * that model where the server serves it, else the server's default (docs/decisions/014-assistant-path.md).
 */
export const SPEC_MODEL = 'gpt-4.1-mini';
/** rules.md "Chat". */
export const CHAT_MESSAGE_MAX_LENGTH = 32_000;
export const CHAT_HISTORY_MAX_MESSAGES = 100;
/**
 * The mention search waits MENTION_REMOTE_SEARCH_DELAY_MS only when a remote search function is supplied
 * (product.md §5); the composer's search is local, so it runs at once.
 */
export const MENTION_QUERY_MAX_LENGTH = 75;
export const MENTION_MENU_ITEM_LIMIT = 5;
export const MENTION_REMOTE_SEARCH_DELAY_MS = 250;
export const CHAT_INPUT_REFOCUS_DELAY_MS = 100;
/** product.md §2 and §9: the protocols markdown link and image addresses may use (relative addresses pass too). */
export const MARKDOWN_ALLOWED_PROTOCOLS = ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'] as const;

/** The composer and the note editor. */
export const COMPOSER_MIN_HEIGHT_PX = 48;
export const COMPOSER_MAX_HEIGHT_REM = 8;
export const EDITOR_INDENT_UNIT_PX = 40;
export const UNDO_HISTORY_MERGE_DELAY_MS = 1000;
/** rules.md "Notes": safety limits the spec does not set. */
export const NOTE_TITLE_MAX_LENGTH = 200;
export const NOTE_CONTENT_MAX_LENGTH = 200_000;

/** The lessons: the series, which are ready, and the player. */
export const LESSON_SERIES_TITLE = 'Investing basics';
export const LESSON_DURATIONS = ['3:37', '4:37', '5:19', '5:18', '5:44', '6:56', '5:50'] as const;
export const LESSON_COUNT = LESSON_DURATIONS.length;
export const READY_LESSON_IDS = ['1', '2', '3'] as const;
export const LESSON_SKIP_STEP_SECONDS = 10;
export const LESSON_SLIDER_STEP_MS = 100;
export const LESSON_PANE_DEFAULT_WIDTH_PX = 750;
export const LESSON_PANE_MIN_WIDTH_PX = 300;
export const LESSON_PANE_MAX_WIDTH_PX = 900;
export const LESSON_CHAT_INPUT_FOCUS_DELAY_MS = 100;
