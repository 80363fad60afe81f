import { PlaceholderPage } from './placeholder-page';

/** Screens whose feature issue has not landed yet. Each feature replaces its entry in the route table. */
const soon = (title: string, what: string, layout: 'main' | 'bare' = 'main') =>
  function Placeholder() {
    const page = (
      <PlaceholderPage title={title} description={`${what} is being built and arrives in an upcoming release.`} />
    );
    // The bare layout gives its screens the whole width; a placeholder there brings its own margins.
    return layout === 'bare' ? <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">{page}</div> : page;
  };

export const PricingScreen = soon('Pricing', 'The pricing page');
export const PaymentSuccessScreen = soon('Payment', 'Payment confirmation');
export const MembershipScreen = soon('Membership', 'The membership page');
export const ChatsScreen = soon('Chats', 'The AI assistant');
export const LessonsScreen = soon('Investing basics', 'The lesson list');
export const LessonPlayerScreen = soon('Lesson', 'The lesson player', 'bare');
export const TestScreen = soon('Test', 'The streaming test page');
export const ChatInputDemoScreen = soon('Demo: Chat Input', 'The chat input demo');
export const ChatInputDemoV2Screen = soon('Demo: Chat Input (v2)', 'The second chat input demo', 'bare');
export const MarkdownDemoScreen = soon('Demo: Markdown', 'The markdown demo');
