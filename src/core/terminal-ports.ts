// The ports of POS terminals: pairing codes, device credentials and staff PINs. Codes and
// credentials are stored as SHA-256 hashes, PINs as bcrypt hashes; the core never stores plaintext.
import type { AuditEntry } from './audit-ports';

export interface TerminalInfo {
  id: string;
  name: string;
  storeId: string;
  vendorId: string;
}

/** A paired device: its terminal, and when this credential was issued (older PIN tokens are void). */
export interface PairedDevice {
  terminal: TerminalInfo;
  pairedAt: Date;
}

export interface StaffPinRecord {
  pinHash: string;
  /** Wrong PINs in a row since the last successful sign-in. */
  failures: number;
}

export interface TerminalRepository {
  findTerminal(id: string): Promise<TerminalInfo | null>;
  createPairingCode(input: { codeHash: string; terminalId: string; expiresAt: Date }): Promise<void>;
  /** Marks the code used if it is unused and unexpired at `now`, atomically: the terminal it pairs, else null. */
  spendPairingCode(codeHash: string, now: Date): Promise<string | null>;
  /** Replaces the terminal's credential and ends every session started on the terminal, atomically. */
  /** Pairs the terminal with the credential; `audit` commits with it. */
  replaceCredential(terminalId: string, tokenHash: string, now: Date, audit?: AuditEntry): Promise<void>;
  /** Removes the credential and ends every session started on the terminal; false when it was not paired. */
  revokeCredential(terminalId: string, now: Date, auditOf?: (wasPaired: boolean) => AuditEntry): Promise<boolean>;
  findByCredential(tokenHash: string): Promise<PairedDevice | null>;
  /** When the terminal's current credential was issued; null when unpaired. */
  pairedAt(terminalId: string): Promise<Date | null>;
  /** The enabled accounts of the terminal's business that may work at its store and have a PIN. */
  staffAt(terminal: TerminalInfo): Promise<{ accountId: string; name: string }[]>;
  findPin(accountId: string): Promise<StaffPinRecord | null>;
  /** Sets the PIN (a new hash) and its failure count back to 0. */
  setPin(accountId: string, pinHash: string): Promise<void>;
  /** False when the account had no PIN. */
  clearPin(accountId: string): Promise<boolean>;
  /** Counts one wrong PIN in a row and returns the new count. */
  recordPinFailure(accountId: string): Promise<number>;
  resetPinFailures(accountId: string): Promise<void>;
}
