import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, buttonClass } from './ui/button.tsx';
import { Container } from './ui/layout.tsx';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** When this changes (the path, say) a shown error is cleared and the children are tried again. */
  resetKey?: string;
}

interface ErrorBoundaryState {
  error: Error | null;
  failedAt: string | undefined;
}

/** Catches a screen that throws while rendering (or a page chunk that fails to load) and says so kindly. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, failedAt: undefined };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    if (state.error && state.failedAt !== undefined && state.failedAt !== props.resetKey) {
      return { error: null, failedAt: undefined };
    }
    if (state.error && state.failedAt === undefined) return { failedAt: props.resetKey };
    return null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Screen failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <Container size="narrow" className="error-screen" role="alert">
        <h1>Something went wrong</h1>
        <p>
          This page ran into a problem. Reloading usually fixes it; if it keeps happening, please try again
          later.
        </p>
        <div className="error-screen__actions">
          <Button
            onClick={() =>
              import('../lib/appUpdate.ts').then(
                (update) => update.reloadIntoNewVersion(),
                () => window.location.reload(),
              )
            }
          >
            Reload page
          </Button>
          <a href="/" className={buttonClass({ variant: 'outline' })}>
            Go to the home page
          </a>
        </div>
      </Container>
    );
  }
}
