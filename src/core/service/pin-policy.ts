// The PIN policy: 6 digits, and none that a colleague at the till would guess first.
import { AuthError } from '../auth-error';
import { pinSchema } from '../../contract/terminal-schemas';

/**
 * The most common 6-digit PINs in leaked PIN and password sets (Wang et al., "Understanding
 * Human-Chosen PINs", 2017; the RockYou and Chinese-site 6-digit lists): repeated pairs and
 * triples, keypad shapes, mirrored halves and dates. All-equal digits and runs are refused by
 * rule, so the 100 entries here are the others.
 */
const COMMON_PINS = new Set(
  `123123 121212 112233 520520 131313 123321 147258 159753 789456 456123 147852 258369 101010 202020
   100000 200000 112112 232323 696969 111222 110110 121314 520131 521521 123654 159357 147369 963852
   741852 852456 753951 951753 321321 456456 789789 246810 135790 102030 102938 111000 000111 110011
   100100 123000 123789 147147 159159 258258 369369 321123 112211 122333 123412 123451 125125 131420
   137946 142536 142857 147896 151515 161616 171717 181818 191919 212121 252525 282828 313131 369258
   454545 484848 505050 515151 525252 565656 595959 616161 626262 656565 686868 707070 717171 737373
   757575 787878 808080 818181 858585 909090 919191 959595 989898 199001 198000 199999 080808 201314
   197700 198888`
    .split(/\s+/)
    .filter(Boolean),
);

/** All digits equal, or every step +1 or every step -1 (wrapping 9 to 0 and back), as 890123. */
function isPattern(pin: string): boolean {
  const digits = [...pin].map(Number);
  const steps = new Set(digits.slice(1).map((d, i) => (d - digits[i]! + 10) % 10));
  return steps.size === 1 && (steps.has(0) || steps.has(1) || steps.has(9));
}

/** Throws validation_failed on `pin` unless it may become a PIN. */
export function assertAcceptablePin(pin: string): void {
  const parsed = pinSchema.safeParse(pin);
  const message = !parsed.success
    ? (parsed.error.issues[0]?.message ?? 'is not acceptable')
    : isPattern(pin)
      ? 'is a run or repeats one digit; choose another'
      : COMMON_PINS.has(pin)
        ? 'is one of the most common PINs; choose another'
        : null;
  if (message) throw new AuthError('validation_failed', `The PIN ${message}.`, { errors: [{ path: 'pin', message }] });
}

export const COMMON_PIN_COUNT = COMMON_PINS.size;
