/**
 * What an action or a load answered, above the screen's content: a success in a status line, a
 * failure in an alert (read out at once by screen readers). Nothing when there is neither.
 */
export function Messages({ notice = '', error = '' }: { notice?: string; error?: string }) {
  return (
    <>
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
