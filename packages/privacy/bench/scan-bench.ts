// The privacy check's cost (docs/privacy.md): scanning a 1,000-message conversation, as the server
// does before a post, a share, a public link or a download (target <= 50 ms). Run by
// scripts/bench/privacy.mjs in `pnpm bench`; prints figures, asserts nothing.
import { createHash } from "node:crypto";
import { scanMessages } from "../src";

const PROSE = [
  "Sure! Here is how the retry loop works: each attempt waits twice as long as the one before, up to 30 seconds, and a request that keeps failing after 5 attempts is reported.",
  "The meeting moved to Thursday 14:30; bring the figures from 2024-03-15 and the draft of version 2.4.1 so we can compare them with last quarter's 1 234 567 units.",
  "```ts\nconst total = items.reduce((sum, item) => sum + item.price * item.quantity, 0);\nconsole.log(`Total: ${total.toFixed(2)} EUR`);\n```",
  "In short: photosynthesis turns light, water and carbon dioxide into sugar and oxygen; the light reactions happen in the thylakoids and the Calvin cycle in the stroma.",
  "You can reach the office at +44 20 7946 0958 or write to support@example.com; the invoice number is 2024-00123 and the order id 9876543210.",
  "Set OPENAI_API_KEY=sk-proj-Zq8vN2kP4xR7tY1wB5mC9dF3gH6jL0sA2eU4iO7 in your .env and restart the server; never commit it.",
  "Ping 192.168.1.20 first, then run `curl https://api.example.com/v1/items?limit=50` and check that the status is 200 and the body has 50 items.",
  "Pay to DE89 3704 0044 0532 0130 00 by Friday; card 4111 1111 1111 1111 is only for the test environment.",
];

/** A conversation of `count` messages of a few hundred characters each, a few of them holding findings. */
function conversation(count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const parts = [PROSE[i % PROSE.length]!, PROSE[(i * 3 + 1) % PROSE.length]!, PROSE[(i * 5 + 2) % PROSE.length]!];
    return `${i % 2 === 0 ? "Question" : "Answer"} ${i}: ${parts.join("\n\n")}`;
  });
}

const messages = conversation(Number(process.env.BENCH_PRIVACY_MESSAGES ?? 1000));
const chars = messages.reduce((n, m) => n + m.length, 0);
const options = { ownNames: ["Ada Lovelace", "ada"], ownEmails: ["ada.lovelace@example.org"] };

const run = () => {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const findings = scanMessages(messages, options);
  createHash("sha256").update(JSON.stringify(messages)).digest("hex");
  const used = process.cpuUsage(cpu);
  // CPU time as well as wall time: on a shared machine the wall time mostly measures the wait for a core.
  return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, findings: findings.length };
};

for (let i = 0; i < 5; i++) run();
const rounds = Array.from({ length: 40 }, run);
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const times = sorted(rounds.map((r) => r.ms));
const cpuTimes = sorted(rounds.map((r) => r.cpuMs));
const at = (q: number, list = times) => list[Math.min(list.length - 1, Math.floor(q * list.length))]!;
console.log(
  JSON.stringify({
    messages: messages.length,
    characters: chars,
    findings: rounds[0]!.findings,
    medianMs: Number(at(0.5).toFixed(1)),
    p95Ms: Number(at(0.95).toFixed(1)),
    maxMs: Number(times.at(-1)!.toFixed(1)),
    cpuMedianMs: Number(at(0.5, cpuTimes).toFixed(1)),
    cpuP95Ms: Number(at(0.95, cpuTimes).toFixed(1)),
  }),
);
