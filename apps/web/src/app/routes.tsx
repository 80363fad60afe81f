import type { RouteObject } from 'react-router';
import type * as PlaceholderScreens from '../features/placeholders/screens';
import { NotFoundPage } from '../components/not-found-page';
import { RouteError } from '../components/route-error';
import { BareLayout } from './layouts/bare-layout';
import { MainLayout, type RouteHandle } from './layouts/main-layout';
import { Root } from './root';

const placeholder = (name: keyof typeof PlaceholderScreens) => async () => {
  const screens = await import('../features/placeholders/screens');
  return { Component: screens[name] };
};

const fullWidth: RouteHandle = { fullWidth: true };

/** The route table of SPEC 2. Every screen is its own chunk, so the landing page loads only what it shows. */
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
            handle: fullWidth,
            lazy: async () => ({ Component: (await import('../features/marketing/landing-page')).LandingPage }),
          },
          {
            path: 'features',
            handle: fullWidth,
            lazy: async () => ({ Component: (await import('../features/marketing/features-page')).FeaturesPage }),
          },
          { path: 'pricing', lazy: placeholder('PricingScreen') },
          { path: 'login', lazy: placeholder('LoginScreen') },
          { path: 'signup', lazy: placeholder('SignupScreen') },
          { path: 'test', lazy: placeholder('TestScreen') },
          { path: 'demo/lexical_mentions', lazy: placeholder('ChatInputDemoScreen') },
          { path: 'demo/markdown', lazy: placeholder('MarkdownDemoScreen') },
          { path: 'lessons', lazy: placeholder('LessonsScreen') },
          { path: 'payment/success', lazy: placeholder('PaymentSuccessScreen') },
          { path: 'membership', lazy: placeholder('MembershipScreen') },
          { path: 'chats', lazy: placeholder('ChatsScreen') },
          { path: 'notes', lazy: placeholder('NotesScreen') },
          { path: 'note/new', lazy: placeholder('NoteEditorScreen') },
          { path: 'note/:id', lazy: placeholder('NoteEditorScreen') },
          {
            path: 'contact',
            lazy: async () => ({ Component: (await import('../features/contact/contact-page')).ContactPage }),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        element: <BareLayout />,
        children: [
          { path: 'learn/:id', lazy: placeholder('LessonPlayerScreen') },
          { path: 'demo/lexical_mentions_v2', lazy: placeholder('ChatInputDemoV2Screen') },
        ],
      },
    ],
  },
];
