import { Button, EmptyState, PageContainer } from '@gy/design-system'
import { Component, type ErrorInfo, type ReactNode } from 'react'
import { UX_TEXT } from '../strings'

/**
 * Whether an error is a page's code failing to arrive: offline, or a tab kept open across a
 * redeploy whose old chunk names now answer 404. Chromium, Firefox and Safari word it differently.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  return /dynamically imported module|module script failed|Loading chunk|Unable to preload CSS/i.test(
    error.message,
  )
}

export interface ChunkErrorBoundaryProps {
  children: ReactNode
  /** When it changes (the path), the boundary tries its children again. */
  resetKey?: string
  /** What 重新加载 does; the whole page reloads, fetching the current chunk names. */
  onReload?: () => void
}

interface ChunkErrorBoundaryState {
  error: unknown
  resetKey: string | undefined
}

/**
 * Catches what a page throws while rendering, most often a lazy page whose chunk failed to load,
 * and shows a Chinese message with 重新加载 instead of a white page. React only offers this as a
 * class component.
 */
export class ChunkErrorBoundary extends Component<
  ChunkErrorBoundaryProps,
  ChunkErrorBoundaryState
> {
  static displayName = 'ChunkErrorBoundary'

  override state: ChunkErrorBoundaryState = { error: null, resetKey: this.props.resetKey }

  static getDerivedStateFromError(error: unknown): Partial<ChunkErrorBoundaryState> {
    return { error }
  }

  static getDerivedStateFromProps(
    props: ChunkErrorBoundaryProps,
    state: ChunkErrorBoundaryState,
  ): Partial<ChunkErrorBoundaryState> | null {
    // Going to another page leaves the failed one behind.
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('page failed to render', error, info.componentStack)
  }

  override render(): ReactNode {
    const { error } = this.state
    if (!error) return this.props.children
    const reload = this.props.onReload ?? (() => window.location.reload())
    return (
      <PageContainer>
        <EmptyState
          role="alert"
          title={UX_TEXT.chunkFailedTitle}
          hint={isChunkLoadError(error) ? UX_TEXT.chunkFailedHint : UX_TEXT.pageFailedHint}
          action={<Button onClick={reload}>{UX_TEXT.reload}</Button>}
        />
      </PageContainer>
    )
  }
}
