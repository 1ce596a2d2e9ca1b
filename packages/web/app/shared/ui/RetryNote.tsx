/** A request that failed: what could not be loaded, and a button to ask again. */
export function RetryNote({ text, retryLabel, onRetry }: { text: string; retryLabel: string; onRetry: () => void }) {
  return (
    <div className="player-empty" role="status">
      <p>{text}</p>
      <button type="button" className="btn btn--primary" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
