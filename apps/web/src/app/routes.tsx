import type { RouteObject } from 'react-router';
import { NotFoundPage } from '../components/not-found-page';
import { RouteError } from '../components/route-error';
import { RedirectIfSignedIn } from '../features/auth/components/redirect-if-signed-in';
import { RequireUser } from '../features/auth/components/require-user';
import { loadAccountScreen } from '../features/account';
import { loadAdminScreen } from '../features/admin';
import { loadLoginScreen, loadResetPasswordScreen, loadSignupScreen } from '../features/auth';
import {
  loadChatInputDemoScreen,
  loadChatInputDemoV2Screen,
  loadMarkdownDemoScreen,
  loadTestScreen,
} from '../features/chat';
import { loadContactPage } from '../features/contact';
import { loadLessonsScreen, loadNewLessonScreen } from '../features/lessons';
import {
  loadBillingScreen,
  loadDemoCheckoutScreen,
  loadMembershipScreen,
  loadPaymentSuccessScreen,
  loadPricingScreen,
} from '../features/membership';
import { loadNoteEditorScreen, loadNotesScreen } from '../features/notes';
import {
  loadCardEditorScreen,
  loadCardsScreen,
  loadDeckScreen,
  loadDraftsScreen,
  loadImportScreen,
  loadReviewScreen,
} from '../features/cards';
import { CHAT_USAGE_PATH, CONVERSATIONS_PATH } from '../features/chat/api/conversations';
import { LESSON_PROGRESS_PATH, lessonPath } from '../features/lessons/api/lesson-paths';
import { NOTE_LIST_PATH } from '../lib/notes/list-notes';
import { BareLayout } from './layouts/bare-layout';
import { withHome } from './index-screen';
import { lazyScreen } from './lazy-screen';
import { MainLayout } from './layouts/main-layout';
import type { RouteHandle } from './route-handle';
import { Root } from './root';

const noteEditorScreen = lazyScreen({}, loadNoteEditorScreen, (m) => m.NoteEditorScreen);
/** `/note/new` and `/note/:id` share one editor, which keeps its state when a new note gets its address. */
const noteEditor = (title: string) => ({ ...noteEditorScreen, handle: { ...noteEditorScreen.handle, title } });

const cardEditorScreen = lazyScreen({}, loadCardEditorScreen, (m) => m.CardEditorScreen);
const cardEditor = (title: string) => ({ ...cardEditorScreen, handle: { ...cardEditorScreen.handle, title } });

const titled = (title: string): RouteHandle => ({ title });

/** The login and signup screens draw their own full-width background behind the card. */
const authScreen = (title: string): RouteHandle => ({ title, fullWidth: true });

/**
 * The route table of product.md §2. Every screen is its own chunk, so the landing page loads only what it shows; the
 * layouts draw the header and the screen's skeleton while a chunk loads (`lazyScreen`, decision 020).
 * rules.md "Sessions and routes": the screens under `RequireUser` need a signed-in user; `RedirectIfSignedIn`
 * sends a signed-in visitor away from login and signup.
 */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      {
        element: <MainLayout />,
        children: [
          {
            index: true,
            ...lazyScreen(
              { fullWidth: true, skeleton: 'marketing' },
              () => import('../features/marketing/landing-page'),
              (m) => withHome(m.LandingPage),
            ),
          },
          {
            path: 'features',
            ...lazyScreen(
              { fullWidth: true, title: 'Features', skeleton: 'marketing' },
              () => import('../features/marketing/features-page'),
              (m) => m.FeaturesPage,
            ),
          },
          { path: 'pricing', ...lazyScreen(titled('Pricing'), loadPricingScreen, (m) => m.PricingScreen) },
          { path: 'lessons', ...lazyScreen(titled('Lessons'), loadLessonsScreen, (m) => m.LessonsScreen) },
          {
            path: 'reset-password',
            ...lazyScreen(authScreen('Set a new password'), loadResetPasswordScreen, (m) => m.ResetPasswordScreen),
          },
          {
            element: <RedirectIfSignedIn />,
            children: [
              { path: 'login', ...lazyScreen(authScreen('Log in'), loadLoginScreen, (m) => m.LoginScreen) },
              { path: 'signup', ...lazyScreen(authScreen('Sign up'), loadSignupScreen, (m) => m.SignupScreen) },
            ],
          },
          {
            element: <RequireUser />,
            children: [
              { path: 'test', ...lazyScreen(titled('Test'), loadTestScreen, (m) => m.TestScreen) },
              {
                path: 'demo/lexical_mentions',
                ...lazyScreen(titled('Demo: Chat Input'), loadChatInputDemoScreen, (m) => m.ChatInputDemoScreen),
              },
              {
                path: 'demo/markdown',
                ...lazyScreen(titled('Demo: Markdown'), loadMarkdownDemoScreen, (m) => m.MarkdownDemoScreen),
              },
              {
                path: 'payment/success',
                ...lazyScreen(titled('Payment'), loadPaymentSuccessScreen, (m) => m.PaymentSuccessScreen),
              },
              {
                path: 'membership',
                ...lazyScreen(titled('Membership'), loadMembershipScreen, (m) => m.MembershipScreen),
              },
              { path: 'account', ...lazyScreen(titled('Account'), loadAccountScreen, (m) => m.AccountScreen) },
              { path: 'admin', ...lazyScreen(titled('Admin'), loadAdminScreen, (m) => m.AdminScreen) },
              {
                path: 'account/billing',
                ...lazyScreen(titled('Plan & billing'), loadBillingScreen, (m) => m.BillingScreen),
              },
              {
                path: 'checkout/demo',
                ...lazyScreen(titled('Demo checkout'), loadDemoCheckoutScreen, (m) => m.DemoCheckoutScreen),
              },
              {
                path: 'lessons/new',
                ...lazyScreen(titled('New lesson'), loadNewLessonScreen, (m) => m.NewLessonScreen),
              },
              { path: 'notes', ...lazyScreen(titled('Notes'), loadNotesScreen, (m) => m.NotesScreen) },
              { path: 'note/new', ...noteEditor('New note') },
              { path: 'note/:id', ...noteEditor('Note') },
              {
                // `/cards/analytics` too: the cards screen loads it, so the entry chunk's route table stays as it was.
                path: 'cards/:section?',
                ...lazyScreen(titled('Flashcards'), loadCardsScreen, (m) => m.CardsScreen),
              },
              { path: 'cards/review', ...lazyScreen(titled('Review'), loadReviewScreen, (m) => m.ReviewScreen) },
              { path: 'cards/drafts', ...lazyScreen(titled('Drafts'), loadDraftsScreen, (m) => m.DraftsScreen) },
              { path: 'cards/new', ...cardEditor('New card') },
              { path: 'cards/edit/:id', ...cardEditor('Edit card') },
              { path: 'cards/decks/:id', ...lazyScreen(titled('Deck'), loadDeckScreen, (m) => m.DeckScreen) },
              { path: 'cards/import', ...lazyScreen(titled('Import cards'), loadImportScreen, (m) => m.ImportScreen) },
            ],
          },
          { path: 'contact', ...lazyScreen(titled('Contact us'), loadContactPage, (m) => m.ContactPage) },
          { path: '*', handle: titled('Page not found'), element: <NotFoundPage /> },
        ],
      },
      {
        element: <BareLayout />,
        children: [
          {
            element: <RequireUser />,
            children: [
              {
                path: 'chats',
                // The chat fills the window under the header (no footer, so the page itself never scrolls: product.md
                // §2 "Chat screen"): conversations beside, messages, composer at the bottom.
                ...lazyScreen(
                  {
                    title: 'Chats',
                    fullWidth: true,
                    skeleton: 'chat',
                    readsAhead: () => [CONVERSATIONS_PATH, CHAT_USAGE_PATH, NOTE_LIST_PATH],
                  },
                  () => import('../features/chat/components/chats-screen'),
                  (m) => m.ChatsScreen,
                  (m) => m.prefetchChat(),
                ),
              },
              {
                path: 'learn/:id',
                ...lazyScreen(
                  {
                    title: 'Lesson',
                    skeleton: 'player',
                    // The progress too: the player waits for it. A device with positions kept signed out merges them
                    // instead, and leaves that read untaken (decision 021).
                    readsAhead: ({ id }) => [lessonPath(id ?? ''), LESSON_PROGRESS_PATH],
                  },
                  () => import('../features/lessons/components/lesson-player-screen'),
                  (m) => m.LessonPlayerScreen,
                  (m, { id }) => m.prefetchLessonScreen(id ?? ''),
                ),
              },
              {
                path: 'demo/lexical_mentions_v2',
                ...lazyScreen(titled('Demo: Chat Input'), loadChatInputDemoV2Screen, (m) => m.ChatInputDemoV2Screen),
              },
            ],
          },
        ],
      },
    ],
  },
];
