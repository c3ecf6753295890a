// Time to first token as the web app sees it, in Chromium (run by hand:
// `node --import tsx apps/server/bench/ttft-browser.ts`; needs /usr/bin/chromium). Inside a page on
// Parley's origin (ttft-browser-page.ts, bundled with the same @trpc/client the app uses), in
// turns: a streamed completion straight from the local provider (it allows the page's origin),
// and a chat.send through Parley read three ways: the REST SSE answer with fetch, the tRPC
// JSON-lines answer with fetch, and the app's own client (`httpBatchStreamLink`), each until the
// first text.
// Prints figures, asserts nothing. BENCH_DATABASE_URL=postgres://... runs Parley on PostgreSQL.
import { build } from "esbuild";
import { chromium } from "@playwright/test";
import { median, p90, scratchDatabase, start, stopAll } from "./ttft-processes";

const ROUNDS = 200;
const WARMUP = 20;
const KEY = "sk-bench";

const client = await build({
  entryPoints: [`${import.meta.dirname}/ttft-browser-page.ts`],
  bundle: true,
  format: "esm",
  minify: true,
  write: false,
});

const provider = await start<{ baseURL: string }>("ttft-provider.ts", { BENCH_KEY: KEY, BENCH_CORS: "1" });
const database = await scratchDatabase();
const parley = await start<{ url: string; database: string }>("ttft-server.ts", { ...database.env, BENCH_KEY: KEY, PROVIDER_URL: provider.ready.baseURL });
// The provider is another loopback origin; Chromium asks a person before such requests unless told not to.
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-features=LocalNetworkAccessChecks,PrivateNetworkAccessChecks"],
});
try {
  const page = await browser.newPage();
  // A blank page on Parley's origin that carries the tRPC client.
  await page.route(`${parley.ready.url}/bench-ttft`, (route) =>
    route.fulfill({ contentType: "text/html", body: `<!doctype html><script type="module">${client.outputFiles[0]!.text}</script>` }),
  );
  // The tRPC client aborts each streamed call once its iterator is done (net::ERR_ABORTED): not a failure.
  page.on("requestfailed", (request) => {
    const error = request.failure()?.errorText;
    if (error !== "net::ERR_ABORTED") console.error("failed:", request.method(), request.url(), error);
  });
  page.on("console", (message) => console.error("page:", message.text()));
  await page.goto(`${parley.ready.url}/bench-ttft`);
  await page.waitForFunction(() => "runTtft" in globalThis);
  const result = await page.evaluate(
    ([providerURL, rounds, warmup]) =>
      (globalThis as unknown as { runTtft: (providerURL: string, rounds: number, warmup: number) => Promise<{ label: string; samples: number[] }[]> }).runTtft(
        providerURL,
        rounds,
        warmup,
      ),
    [provider.ready.baseURL, ROUNDS, WARMUP] as const,
  );
  console.log(`Time to first text in Chromium, ${ROUNDS} requests per row in turns after ${WARMUP} warm-up each, Parley on ${parley.ready.database}:`);
  for (const { label, samples } of result) {
    console.log(`  ${label.padEnd(44)} median ${median(samples).toFixed(2).padStart(6)} ms   p90 ${p90(samples).toFixed(2).padStart(6)} ms`);
  }
  const [direct, wire, rest, app] = result.map(({ samples }) => median(samples));
  const added = (value: number | undefined) => `${(value! - direct!).toFixed(2)} ms`;
  console.log(
    `  added over direct (median): REST ${added(rest)}, tRPC read with fetch ${added(wire)}, tRPC through the app's client ${added(app)} (target ≤ 5 ms)`,
  );
} finally {
  await browser.close();
  await stopAll([parley, provider]);
  await database.drop();
}
