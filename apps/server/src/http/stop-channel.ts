import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import type { ColumnStops } from "@parley/api";
import type { DbHandle } from "@parley/db";
import type { LimiterRedis } from "./rate-limits";

/** The PostgreSQL channel Stops travel on (NOTIFY reaches the processes on the same database only). */
const PG_CHANNEL = "parley_stops";

/**
 * Carries a comparison column's Stop to every instance, so that a Stop landing on one instance
 * ends the column streaming on another: through Redis pub/sub when REDIS_URL is set (and through
 * PostgreSQL NOTIFY while Redis is down), else through PostgreSQL LISTEN/NOTIFY on PostgreSQL,
 * else (one process on the embedded database) nowhere beyond this process. Each instance
 * listens on every channel it has, so a Stop sent either way arrives.
 */
export function connectStopChannel(app: FastifyInstance, stops: ColumnStops, options: { db: DbHandle; redis: LimiterRedis | null }) {
  const { db, redis } = options;
  const receive = (message: string) => stops.receive(message);
  const pg = db.notifications;
  if (pg) listenInBackground(app, pg, receive);
  const notify = pg ? (message: string) => pg.notify(PG_CHANNEL, message) : null;

  if (!redis) {
    stops.useChannel(notify ? { publish: notify } : null, (error) => app.log.warn({ err: error }, "a Stop could not be sent to the other instances"));
    return;
  }
  const channel = `${redis.prefix}stops`;
  // A connection in subscriber mode serves nothing else; it subscribes again after a reconnect.
  const subscriber = new Redis(redis.url, { maxRetriesPerRequest: null });
  subscriber.on("error", redis.warn);
  subscriber.on("message", (from: string, message: string) => {
    if (from === channel) receive(message);
  });
  void subscriber.subscribe(channel).catch(redis.warn);
  app.addHook("onClose", async () => {
    await subscriber.quit().catch(() => subscriber.disconnect());
  });
  stops.useChannel(
    {
      publish: async (message) => {
        try {
          await redis.redis.publish(channel, message);
        } catch (error) {
          redis.warn(error);
          if (!notify) throw error;
          await notify(message);
        }
      },
    },
    (error) => app.log.warn({ err: error }, "a Stop could not be sent to the other instances"),
  );
}

/** How long to wait before listening again when PostgreSQL could not be reached. */
const LISTEN_RETRY_MS = 5000;

/**
 * Listens without holding up start-up or depending on the database being up right now: a
 * failed attempt is tried again a few seconds later (postgres.js listens again by itself after
 * a connection it had is lost).
 */
function listenInBackground(app: FastifyInstance, pg: NonNullable<DbHandle["notifications"]>, receive: (message: string) => void) {
  let closed = false;
  let unlisten: (() => Promise<void>) | undefined;
  let retry: NodeJS.Timeout | undefined;
  const attempt = () => {
    pg.listen(PG_CHANNEL, receive).then(
      async (stop) => {
        if (closed) await stop().catch(() => {});
        else unlisten = stop;
      },
      (error: unknown) => {
        if (closed) return;
        app.log.warn({ err: error }, "cannot listen for Stops from other instances yet; trying again");
        retry = setTimeout(attempt, LISTEN_RETRY_MS);
        retry.unref();
      },
    );
  };
  attempt();
  app.addHook("onClose", async () => {
    closed = true;
    clearTimeout(retry);
    await unlisten?.().catch(() => {});
  });
}
