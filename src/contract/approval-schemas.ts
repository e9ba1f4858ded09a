// The wire contract of approvals at the till: a PIN session's request, the manager's PIN that
// approves it, the approval token, and its spending by the POS service (a service client).
import { z } from 'zod';
import { idSchema } from './auth-schemas';

/** Seconds an approval token is valid: long enough to press "refund", too short to keep for later. */
export const APPROVAL_TOKEN_TTL = 60;
/** Seconds a request waits for a manager's PIN. */
export const APPROVAL_REQUEST_TTL = 300;

export const askApprovalRequest = z.object({
  action: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .meta({ description: 'One of APPROVAL_ACTIONS (default refund, discount, price_override, void).' }),
  reference: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .meta({ description: "The POS's own id of the sale or line the action is about." }),
  amount: z
    .string()
    .trim()
    .max(15)
    .regex(/^\d{1,15}(\.\d{1,6})?$/, 'must be a decimal number such as 12.50')
    .optional()
    .meta({ description: 'The amount at stake, as a decimal string in the sale currency, when there is one.' }),
});
export type AskApprovalRequest = z.infer<typeof askApprovalRequest>;

export const askApprovalResponse = z.object({
  approval_id: z.string(),
  expires_in: z
    .number()
    .int()
    .min(0)
    .max(APPROVAL_REQUEST_TTL)
    .meta({ description: 'Seconds the request waits for a manager.' }),
});

export const approveRequest = z.object({
  account_id: idSchema.meta({ description: 'The approving manager, from the staff list.' }),
  pin: z.string().max(64).meta({ description: "The manager's PIN." }),
});

export const approveResponse = z.object({
  approval_token: z.string().meta({
    description:
      'A JWT (typ approval+jwt, signed with the access-token key) naming the action, reference, amount, requester, approver, terminal and store; valid 60 s and spent once by the POS service.',
  }),
  expires_in: z.number().int().min(0).max(APPROVAL_TOKEN_TTL),
});

export const spendApprovalRequest = z.object({
  approval_token: z.string().min(1).max(8192),
});

/** What a spent approval said, for the service that spent it. */
export const spentApproval = z.object({
  approval_id: z.string(),
  action: z.string(),
  reference: z.string(),
  amount: z.string().nullable(),
  requester_id: z.string(),
  approver_id: z.string(),
  terminal_id: z.string(),
  store_id: z.string(),
  vendor_id: z.string(),
});
export type SpentApproval = z.infer<typeof spentApproval>;
