// Approvals at the till: a PIN session asks, a manager of the store types their PIN on the same
// terminal, and the POS service spends the approval token once (as a service client).
import {
  approveRequest,
  approveResponse,
  askApprovalRequest,
  askApprovalResponse,
  spendApprovalRequest,
  spentApproval,
} from './approval-schemas';
import { BODY_ERRORS, route } from './route';

export const approvalRoutes = {
  askApproval: route({
    role: 'vendor',
    auth: 'bearer',
    methods: ['POST'],
    path: '/auth/terminal/approvals',
    body: askApprovalRequest,
    result: askApprovalResponse,
    resultStatuses: [201],
    errors: [...BODY_ERRORS, 'invalid_token', 'forbidden'],
    summary: "Ask for a manager's approval at the till",
    description:
      'A PIN session (forbidden to others) asks for one action of APPROVAL_ACTIONS on one reference, with an optional amount. A manager approves it on the same terminal within 5 minutes with /auth/terminal/approvals/{approvalId}/approve.',
  }),
  approve: route({
    role: 'vendor',
    auth: 'bearer',
    methods: ['POST'],
    path: '/auth/terminal/approvals/{approvalId}/approve',
    body: approveRequest,
    result: approveResponse,
    resultStatuses: [200],
    errors: [
      ...BODY_ERRORS,
      'invalid_token',
      'invalid_credentials',
      'forbidden',
      'permission_denied',
      'not_found',
      'conflict',
      'rate_limited',
    ],
    summary: 'Approve a request with a manager PIN',
    description:
      "Sent by the PIN session of the terminal that asked. The manager is the owner or an employee of the terminal's store with pos:approve: another store's employee is 403 forbidden, one without the permission 403 permission_denied, the one who asked 403 forbidden. A wrong PIN is 401 invalid_credentials and counts toward the PIN limits (429 on the terminal). An unknown or expired request, or another terminal's, is 404; one approved already is 409.",
  }),
};

export const approvalCallRoutes = {
  spendApproval: route({
    role: null,
    auth: 'client',
    methods: ['POST'],
    path: '/auth/approvals/spend',
    body: spendApprovalRequest,
    result: spentApproval,
    resultStatuses: [200],
    errors: [
      'invalid_client',
      'rate_limited',
      'validation_failed',
      'payload_too_large',
      'unsupported_media_type',
      'conflict',
    ],
    summary: 'Spend an approval token',
    description:
      "What the guard kit's verifyApproval calls, with a service client's id and secret (HTTP Basic): marks the approval spent, atomically, and answers what it approved. A token spent already (at any instance of any service), expired or not an approval is 409 conflict. Same limit as introspection.",
  }),
};
