import type { RouteObject } from 'react-router';
import { NotFoundPage } from '../components/not-found-page';
import { RouteError } from '../components/route-error';
import { RedirectIfSignedIn } from '../features/auth/components/redirect-if-signed-in';
import { RequireUser } from '../features/auth/components/require-user';
import { BareLayout } from './layouts/bare-layout';
import { MainLayout } from './layouts/main-layout';
import type { RouteHandle } from './route-handle';
import { Root } from './root';

const noteEditor = async () => ({
  Component: (await import('../features/notes/components/note-editor-screen')).NoteEditorScreen,
});

const cardEditor = async () => ({
  Component: (await import('../features/cards/components/card-editor-screen')).CardEditorScreen,
});

const titled = (title: string): RouteHandle => ({ title });

/** The login and signup screens draw their own full-width background behind the card. */
const authScreen = (title: string): RouteHandle => ({ title, fullWidth: true });

/**
 * The route table of product.md §2. Every screen is its own chunk, so the landing page loads only what it shows.
 * rules.md "Sessions and routes": the screens under `RequireUser` need a signed-in user; `RedirectIfSignedIn`
 * sends a signed-in visitor away from login and signup.
 */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    // Nothing to show while the first screen's chunk loads (a few ms); avoids a flash of a spinner.
    HydrateFallback: () => null,
    children: [
      {
        element: <MainLayout />,
        children: [
          {
            index: true,
            handle: { fullWidth: true } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('../features/marketing/landing-page')).LandingPage }),
          },
          {
            path: 'features',
            handle: { fullWidth: true, title: 'Features' } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('../features/marketing/features-page')).FeaturesPage }),
          },
          {
            path: 'pricing',
            handle: titled('Pricing'),
            lazy: async () => ({
              Component: (await import('../features/membership/components/pricing-screen')).PricingScreen,
            }),
          },
          {
            path: 'lessons',
            handle: titled('Lessons'),
            lazy: async () => ({
              Component: (await import('../features/lessons/components/lessons-screen')).LessonsScreen,
            }),
          },
          {
            element: <RedirectIfSignedIn />,
            children: [
              {
                path: 'login',
                handle: authScreen('Log in'),
                lazy: async () => ({
                  Component: (await import('../features/auth/components/login-screen')).LoginScreen,
                }),
              },
              {
                path: 'signup',
                handle: authScreen('Sign up'),
                lazy: async () => ({
                  Component: (await import('../features/auth/components/signup-screen')).SignupScreen,
                }),
              },
            ],
          },
          {
            element: <RequireUser />,
            children: [
              {
                path: 'test',
                handle: titled('Test'),
                lazy: async () => ({ Component: (await import('../features/chat/test-page/test-screen')).TestScreen }),
              },
              {
                path: 'demo/lexical_mentions',
                handle: titled('Demo: Chat Input'),
                lazy: async () => ({
                  Component: (await import('../features/chat/demos/chat-input-demo-screen')).ChatInputDemoScreen,
                }),
              },
              {
                path: 'demo/markdown',
                handle: titled('Demo: Markdown'),
                lazy: async () => ({
                  Component: (await import('../features/chat/demos/markdown-demo-screen')).MarkdownDemoScreen,
                }),
              },
              {
                path: 'payment/success',
                handle: titled('Payment'),
                lazy: async () => ({
                  Component: (await import('../features/membership/components/payment-success-screen'))
                    .PaymentSuccessScreen,
                }),
              },
              {
                path: 'membership',
                handle: titled('Membership'),
                lazy: async () => ({
                  Component: (await import('../features/membership/components/membership-screen')).MembershipScreen,
                }),
              },
              {
                path: 'account',
                handle: titled('Account'),
                lazy: async () => ({
                  Component: (await import('../features/account/components/account-screen')).AccountScreen,
                }),
              },
              {
                path: 'account/billing',
                handle: titled('Plan & billing'),
                lazy: async () => ({
                  Component: (await import('../features/membership/components/billing-screen')).BillingScreen,
                }),
              },
              {
                path: 'checkout/demo',
                handle: titled('Demo checkout'),
                lazy: async () => ({
                  Component: (await import('../features/membership/components/demo-checkout-screen'))
                    .DemoCheckoutScreen,
                }),
              },
              {
                path: 'notes',
                handle: titled('Notes'),
                lazy: async () => ({
                  Component: (await import('../features/notes/components/notes-screen')).NotesScreen,
                }),
              },
              { path: 'note/new', handle: titled('New note'), lazy: noteEditor },
              { path: 'note/:id', handle: titled('Note'), lazy: noteEditor },
              {
                // `/cards/analytics` too: the cards screen loads it, so the entry chunk's route table stays as it was.
                path: 'cards/:section?',
                handle: titled('Flashcards'),
                lazy: async () => ({
                  Component: (await import('../features/cards/components/cards-screen')).CardsScreen,
                }),
              },
              {
                path: 'cards/review',
                handle: titled('Review'),
                lazy: async () => ({
                  Component: (await import('../features/cards/components/review-screen')).ReviewScreen,
                }),
              },
              {
                path: 'cards/drafts',
                handle: titled('Drafts'),
                lazy: async () => ({
                  Component: (await import('../features/cards/components/drafts-screen')).DraftsScreen,
                }),
              },
              { path: 'cards/new', handle: titled('New card'), lazy: cardEditor },
              { path: 'cards/edit/:id', handle: titled('Edit card'), lazy: cardEditor },
              {
                path: 'cards/decks/:id',
                handle: titled('Deck'),
                lazy: async () => ({
                  Component: (await import('../features/cards/components/deck-screen')).DeckScreen,
                }),
              },
              {
                path: 'cards/import',
                handle: titled('Import cards'),
                lazy: async () => ({
                  Component: (await import('../features/cards/components/import-screen')).ImportScreen,
                }),
              },
            ],
          },
          {
            path: 'contact',
            handle: titled('Contact us'),
            lazy: async () => ({ Component: (await import('../features/contact/contact-page')).ContactPage }),
          },
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
                // The chat fills the window under the header (no footer, so the page itself never scrolls: issue 15,
                // item 6): conversations beside, messages, composer at the bottom.
                handle: { title: 'Chats', fullWidth: true } satisfies RouteHandle,
                lazy: async () => ({
                  Component: (await import('../features/chat/components/chats-screen')).ChatsScreen,
                }),
              },
              {
                path: 'learn/:id',
                handle: titled('Lesson'),
                lazy: async () => ({
                  Component: (await import('../features/lessons/components/lesson-player-screen')).LessonPlayerScreen,
                }),
              },
              {
                path: 'demo/lexical_mentions_v2',
                handle: titled('Demo: Chat Input'),
                lazy: async () => ({
                  Component: (await import('../features/chat/demos/chat-input-demo-v2-screen')).ChatInputDemoV2Screen,
                }),
              },
            ],
          },
        ],
      },
    ],
  },
];
