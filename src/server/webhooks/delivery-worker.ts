// Delivers the outbox: every instance runs one worker, which takes a lease on each due delivery
// before sending it (a lease outlives an attempt, so an instance that died loses its leases to the
// others), records every attempt, schedules the next one or gives up, and disables endpoints that only fail.
import { randomUUID } from 'node:crypto';
import type { Config } from '@/core/config';
import type { Logger } from '@/core/ports';
import { createSecretBox } from '@/core/secret-box';
import { WEBHOOK_SECRET_PURPOSE, webhookSecretContext } from '@/core/service/webhook-endpoints';
import type { PrismaClient } from '../db/prisma';
import { sendAttempt, type AttemptResult } from './send';
import { webhookHeaders } from './signing';
import { settleAttempt, type DeliveryObserver, type Lease } from './settle-attempt';

/** Deliveries in flight at once per instance. */
const CONCURRENCY = 8;
/** How often an idle worker looks for due deliveries. */
const IDLE_POLL_MS = 500;
/** How far a lease outlives the attempt's own time limit: the database writes around it. */
const LEASE_MARGIN_MS = 10_000;

export interface DeliveryWorkerOptions {
  prisma: PrismaClient;
  config: Config;
  logger: Logger;
  observer?: DeliveryObserver;
  now?: () => Date;
}

export function createDeliveryWorker({
  prisma,
  config,
  logger,
  observer,
  now = () => new Date(),
}: DeliveryWorkerOptions) {
  const instance = randomUUID();
  const box = createSecretBox(config.mfa.encryptionKey, WEBHOOK_SECRET_PURPOSE);
  const timeoutMs = config.webhooks.timeout * 1000;
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  let ticking = false;
  let timer: NodeJS.Timeout | undefined;
  let timerDue = 0;

  const free = (at: Date) => ({ status: 'pending', OR: [{ leaseUntil: null }, { leaseUntil: { lt: at } }] });

  /** Leases up to `room` due deliveries of enabled endpoints; the conditional update decides between instances. */
  async function claim(room: number): Promise<Lease[]> {
    const at = now();
    const due = await prisma.webhookDelivery.findMany({
      where: { ...free(at), nextAttemptAt: { lte: at }, endpoint: { enabled: true } },
      orderBy: [{ nextAttemptAt: 'asc' }, { id: 'asc' }],
      take: room,
      select: { id: true },
    });
    const leaseUntil = new Date(at.getTime() + timeoutMs + LEASE_MARGIN_MS);
    const won: Lease[] = [];
    for (const { id } of due) {
      const taken = await prisma.webhookDelivery.updateMany({
        where: { id, ...free(at) },
        data: { leaseOwner: instance, leaseUntil },
      });
      if (taken.count === 1) won.push({ id, owner: instance, until: leaseUntil });
    }
    return won;
  }

  function secretsOf(
    endpoint: {
      id: string;
      secretSealed: string;
      previousSecretSealed: string | null;
      previousSecretUntil: Date | null;
    },
    at: Date,
  ): string[] {
    const context = webhookSecretContext(endpoint.id);
    const current = box.open(endpoint.secretSealed, context);
    const previous =
      endpoint.previousSecretSealed && endpoint.previousSecretUntil && endpoint.previousSecretUntil > at
        ? box.open(endpoint.previousSecretSealed, context)
        : null;
    return [current, previous].filter((s): s is string => s !== null);
  }

  async function attempt(lease: Lease): Promise<void> {
    const { id } = lease;
    const delivery = await prisma.webhookDelivery.findUnique({
      where: { id },
      select: {
        id: true,
        attempts: true,
        message: { select: { id: true, type: true, body: true } },
        endpoint: {
          select: { id: true, url: true, secretSealed: true, previousSecretSealed: true, previousSecretUntil: true },
        },
      },
    });
    if (!delivery) return;
    const at = now();
    const secrets = secretsOf(delivery.endpoint, at);
    const result: AttemptResult =
      secrets.length === 0
        ? { statusCode: null, error: 'secret_unreadable', durationMs: 0 }
        : await sendAttempt(
            delivery.endpoint.url,
            webhookHeaders(delivery.message.id, at, delivery.message.body, secrets),
            delivery.message.body,
            {
              timeoutMs,
              allowPrivate: config.webhooks.allowPrivate,
            },
          );
    await settleAttempt(prisma, config.webhooks, {
      lease,
      endpointId: delivery.endpoint.id,
      attempts: delivery.attempts + 1,
      at,
      result,
      now,
    });
    observer?.attempted(result.error === null ? 'delivered' : 'failed');
    if (result.error)
      logger.info(
        {
          event: 'webhook_attempt_failed',
          messageId: delivery.message.id,
          endpointId: delivery.endpoint.id,
          error: result.error,
          statusCode: result.statusCode,
        },
        'webhook attempt failed',
      );
  }

  function run(lease: Lease) {
    const work = attempt(lease)
      .catch((error: unknown) =>
        logger.error(
          {
            event: 'webhook_delivery_error',
            deliveryId: lease.id,
            err: error instanceof Error ? error.message : String(error),
          },
          'webhook delivery failed to run',
        ),
      )
      .finally(() => {
        inFlight.delete(work);
        schedule(0);
      });
    inFlight.add(work);
  }

  async function tick() {
    timer = undefined;
    if (stopped) return;
    ticking = true;
    const room = CONCURRENCY - inFlight.size;
    let claimed = 0;
    if (room > 0) {
      try {
        const leases = await claim(room);
        claimed = leases.length;
        for (const lease of leases) if (!stopped) run(lease);
      } catch (error) {
        logger.warn(
          { event: 'webhook_claim_failed', err: error instanceof Error ? error.message : String(error) },
          'could not read the webhook outbox',
        );
      }
    }
    ticking = false;
    // A full batch means more may be due: look again as soon as there is room.
    schedule(claimed === room && room > 0 ? 0 : IDLE_POLL_MS);
  }

  /** Looks again in `ms`, or sooner if a look is already planned sooner; never two looks at once. */
  function schedule(ms: number) {
    if (stopped || ticking) return;
    const due = Date.now() + ms;
    if (timer && timerDue <= due) return;
    if (timer) clearTimeout(timer);
    timerDue = due;
    timer = setTimeout(() => void tick(), ms);
    timer.unref();
  }

  return {
    instance,
    /** Pending deliveries and the age of the oldest, for the metrics. */
    async queue() {
      const where = { status: 'pending' };
      const [depth, oldest] = await Promise.all([
        prisma.webhookDelivery.count({ where }),
        prisma.webhookDelivery.findFirst({ where, orderBy: { createdAt: 'asc' }, select: { createdAt: true } }),
      ]);
      return {
        depth,
        oldestAgeSeconds: oldest ? Math.max(0, (now().getTime() - oldest.createdAt.getTime()) / 1000) : 0,
      };
    },
    start() {
      schedule(0);
    },
    /** Takes no new delivery and waits for the attempts under way (each bounded by WEBHOOK_TIMEOUT). */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await Promise.all([...inFlight]);
    },
  };
}
