// The proof-of-work challenge in the process's metrics: whether it is asked for now (as this
// instance last saw the shared rate), and how many were asked for, solved and refused.
import { Counter, Gauge, type Registry } from 'prom-client';
import type { ChallengeEvents } from '@/core/service/deps';

export function challengeMetrics(registry: Registry): ChallengeEvents {
  const active = new Gauge({
    name: 'auth_challenge_active',
    help: 'Whether sign-ups, code requests and sign-ins must carry a solved proof-of-work challenge (1) or not (0)',
    registers: [registry],
  });
  const required = new Counter({
    name: 'auth_challenge_required_total',
    help: 'Guarded requests answered 428 challenge_required',
    registers: [registry],
  });
  const solved = new Counter({
    name: 'auth_challenge_solved_total',
    help: 'Solved challenges accepted',
    registers: [registry],
  });
  const refused = new Counter({
    name: 'auth_challenge_refused_total',
    help: 'Challenge answers refused, by reason (expired, forged, spent)',
    labelNames: ['reason'],
    registers: [registry],
  });
  return {
    state: (on) => active.set(on ? 1 : 0),
    required: () => required.inc(),
    solved: () => solved.inc(),
    refused: (reason) => refused.inc({ reason }),
  };
}
