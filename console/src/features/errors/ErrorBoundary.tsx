import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorView } from './ErrorView';

interface State {
  error?: Error;
}

/** Catches rendering failures so one broken page does not blank the whole console. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = {};

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('render failed', error, info.componentStack);
  }

  override render() {
    return this.state.error ? <ErrorView error={this.state.error} /> : this.props.children;
  }
}
