/** The parts both provably-fair windows (FairModal, ChainFairModal) are made of. */

/** The window's two tabs: what the player can check, and the verifier. */
export function FairTabs<Tab extends string>(props: { tabs: readonly { id: Tab; label: string }[]; current: Tab; onChange: (tab: Tab) => void }) {
  return (
    <div className="hg-tabs" role="tablist">
      {props.tabs.map((tab) => (
        <button key={tab.id} type="button" role="tab" aria-selected={props.current === tab.id} onClick={() => props.onChange(tab.id)}>
          {tab.label}
        </button>
      ))}
    </div>
  );
}

/** One field of a verifier form: hashes and seeds are typed or pasted as they are. */
export function FairField(props: { label: string; value: string; onChange: (value: string) => void; multiline?: boolean }) {
  const change = (event: { target: { value: string } }) => props.onChange(event.target.value);
  return (
    <label className="hg-field">
      <span>{props.label}</span>
      {props.multiline ? (
        <textarea rows={3} spellCheck={false} value={props.value} onChange={change} />
      ) : (
        <input spellCheck={false} autoComplete="off" value={props.value} onChange={change} />
      )}
    </label>
  );
}
