import { Component, type ErrorInfo, type ReactNode } from 'react';

/** product.md §2: the box shown when the editor fails. */
export function ComposerErrorFallback() {
  return (
    <div role="alert" className="rounded-xl border border-red-500 bg-red-50 px-4 py-3 text-sm text-red-700">
      An error was thrown.
    </div>
  );
}

/** Catches a failure anywhere in the composer, logs it and shows the error box in its place. */
export class ComposerErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('The message composer failed.', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <ComposerErrorFallback /> : this.props.children;
  }
}
