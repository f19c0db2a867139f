import { Component, type ReactNode } from 'react';
import { ui } from '../app/messages.ts';

type Props = {
  children: ReactNode;
  /** When this changes (the user typed on), the part is drawn again. */
  resetKey?: unknown;
  /** What shows instead of the broken part; the Arabic message and a retry button by default. */
  fallback?: (retry: () => void, error: unknown) => ReactNode;
};

/**
 * A render error shows an Arabic message in place of the part that failed, never a white screen. Placed around
 * the parts of a form that compute (totals, lines, previews), the form itself and what was typed stay; around
 * each routed screen (App), one broken screen leaves the menu and the other screens working.
 */
export class ErrorBoundary extends Component<Props, { failed: boolean; error?: unknown; key: unknown }> {
  override state = { failed: false, error: undefined as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: Props, state: { failed: boolean; key: unknown }) {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  retry = () => this.setState({ failed: false });

  override render() {
    if (!this.state.failed) return this.props.children;
    if (this.props.fallback) return this.props.fallback(this.retry, this.state.error);
    return (
      <div className="render-failed" role="alert">
        <p>{ui.renderFailed}</p>
        <button type="button" className="plain-button outline" onClick={this.retry}>
          {ui.retry}
        </button>
      </div>
    );
  }
}
