const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');

/** On-screen keypad for the touch kiosk: digits (phone) or digits + letters (booking code). */
export function Keypad({
  onKey,
  onBackspace,
  onClear,
  letters = false,
  labels,
  disabled = false,
}: {
  onKey: (key: string) => void;
  onBackspace: () => void;
  onClear: () => void;
  letters?: boolean;
  labels: { backspace: string; clear: string; group: string };
  disabled?: boolean;
}) {
  return (
    <div
      className={letters ? 'kiosk-keypad kiosk-keypad-alnum' : 'kiosk-keypad'}
      role="group"
      aria-label={labels.group}
    >
      <div className="kiosk-keypad-digits">
        {DIGITS.map((d) => (
          <button key={d} type="button" className="kiosk-key" disabled={disabled} onClick={() => onKey(d)}>
            {d}
          </button>
        ))}
        <button type="button" className="kiosk-key kiosk-key-fn" disabled={disabled} onClick={onClear}>
          {labels.clear}
        </button>
        <button type="button" className="kiosk-key" disabled={disabled} onClick={() => onKey('0')}>
          0
        </button>
        <button
          type="button"
          className="kiosk-key kiosk-key-fn"
          disabled={disabled}
          onClick={onBackspace}
          aria-label={labels.backspace}
        >
          ⌫
        </button>
      </div>
      {letters && (
        <div className="kiosk-keypad-letters">
          {LETTERS.map((l) => (
            <button key={l} type="button" className="kiosk-key" disabled={disabled} onClick={() => onKey(l)}>
              {l}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
