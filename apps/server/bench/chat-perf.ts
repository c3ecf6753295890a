// Chat screen speed in Chromium (run by hand: `node --import tsx apps/server/bench/chat-perf.ts`
// after `pnpm build`; prints figures, asserts nothing). Needs PostgreSQL (default
// postgres://postgres@127.0.0.1:5432/postgres, or BENCH_DATABASE_ADMIN_URL) so conversations of
// 10, 100 and 1,000 messages (one branch), and one of 1,000 messages with 50 more branches (edits
// and regenerations kept beside it), can be written while the built server runs. BENCH_PORT picks
// the server's port (default 3300).
//
// For each size it measures the time from clicking the conversation in the list to its last
// message on screen (the median of three opens), and, while the demo model streams a reply into it, the browser's script +
// style + layout time per streamed update (CDP Performance metrics), which must stay flat as the
// conversation grows.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Page } from "@playwright/test";
import postgres from "postgres";

const ADMIN_URL = process.env.BENCH_DATABASE_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PORT = Number(process.env.BENCH_PORT ?? 3300);
/** Conversations: messages on the branch shown, and other branches beside it (each 10 exchanges long). */
const CHATS = [
  { size: 10, branches: 0 },
  { size: 100, branches: 0 },
  { size: 1000, branches: 0 },
  { size: 1000, branches: 50 },
];
const OPENS = 3;
const titleOf = (chat: { size: number; branches: number }) => `Conversation of ${chat.size} messages${chat.branches ? ` and ${chat.branches} branches` : ""}`;
const root = fileURLToPath(new URL("../../..", import.meta.url));

const reply = (i: number) =>
  `Here is answer **${i}** with a list:\n\n- first point about the topic\n- second point, a little longer than the first one\n\n\`\`\`ts\nconst value${i} = compute(${i});\n\`\`\`\n\nAnd a closing paragraph that wraps over a couple of lines on a laptop screen.`;

const dbName = `parley_chat_perf_${Date.now()}`;
const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database "${dbName}"`);
const dbUrl = new URL(ADMIN_URL);
dbUrl.pathname = `/${dbName}`;
const scratch = mkdtempSync(join(tmpdir(), "parley-chat-perf-"));
const server = spawn(process.execPath, ["apps/server/dist/main.js"], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(PORT),
    PUBLIC_URL: `http://localhost:${PORT}`,
    DATABASE_URL: dbUrl.toString(),
    DATA_DIR: scratch,
    LOG_LEVEL: "warn",
    AUTH_IP_LIMIT: "1000",
  },
  stdio: "inherit",
});
const base = `http://localhost:${PORT}`;
const sql = postgres(dbUrl.toString(), { max: 2, onnotice: () => {} });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"] });

try {
  for (let i = 0; i < 120; i++) {
    if (
      await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on("dialog", (dialog) => void dialog.accept());
  await page.goto(`${base}/`);
  const popupOpened = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Sign Up" }).click();
  const popup = await popupOpened;
  await popup.getByLabel("Name").fill("Perf Person");
  await popup.getByLabel("Email").fill(`perf-${Date.now()}@example.test`);
  await popup.getByLabel("Password").fill("correct horse battery staple");
  await popup.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(/\/chat$/, { timeout: 30_000 });

  const [user] = await sql<{ id: string }[]>`select id from users limit 1`;
  for (const [index, chat] of CHATS.entries()) {
    const { size } = chat;
    const id = 1_000_000 + index;
    await sql`insert into chat_sessions (id, user_id, description, last_updated) values (${id}, ${user!.id}, ${titleOf(chat)}, now() - ${`${size + index} seconds`}::interval)`;
    const rows = Array.from({ length: size / 2 }, (_, i) => ({
      session_id: id,
      message_content: `Question ${i}: how does part ${i} work?`,
      response_content: reply(i),
      model_id: "demo:parley-demo",
      status: "complete",
      created_at: new Date(Date.now() - (size - i) * 60_000),
    }));
    for (let start = 0; start < rows.length; start += 200) await sql`insert into chat_entries ${sql(rows.slice(start, start + 200))}`;
    // One branch: each exchange's parent is the one before it; the session is on the last.
    await sql`update chat_entries e set parent_entry_id = o.previous
      from (select id, lag(id) over (order by created_at, id) as previous from chat_entries where session_id = ${id}) o
      where e.id = o.id and o.previous is not null`;
    const main = await sql<
      { id: string; parent_entry_id: string | null }[]
    >`select id, parent_entry_id from chat_entries where session_id = ${id} order by created_at, id`;
    await sql`update chat_sessions set active_entry_id = ${main.at(-1)!.id} where id = ${id}`;
    // Other branches, spread along the conversation: each starts as a new version of an exchange.
    for (let b = 0; b < chat.branches; b++) {
      let parent = main[Math.floor(((b + 0.5) * main.length) / chat.branches)]!.parent_entry_id;
      for (let k = 0; k < 10; k++) {
        const [row] = await sql<
          { id: string }[]
        >`insert into chat_entries (session_id, parent_entry_id, message_content, response_content, model_id, status, created_at)
          values (${id}, ${parent}, ${`Variant ${b}.${k}: what about part ${k}?`}, ${reply(k)}, 'demo:parley-demo', 'complete', now() - ${`${10 - k} seconds`}::interval) returning id`;
        parent = row!.id;
      }
    }
  }

  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  const busyMs = async () => {
    const { metrics } = (await cdp.send("Performance.getMetrics")) as { metrics: { name: string; value: number }[] };
    const get = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
    return (get("ScriptDuration") + get("RecalcStyleDuration") + get("LayoutDuration")) * 1000;
  };

  console.log(`Chat screen in Chromium (${base}, PostgreSQL, 1280x900):`);
  for (const chat of CHATS) {
    const { size } = chat;
    const last = `Question ${size / 2 - 1}: how does part ${size / 2 - 1} work?`;
    // The median of three opens, each from a fresh chat page, steadies the figure on a busy machine.
    const opens: number[] = [];
    for (let run = 0; run < OPENS; run++) {
      await page.goto(`${base}/chat`);
      await page.getByRole("navigation", { name: "Your Conversations" }).getByText(titleOf(chat), { exact: true }).waitFor();
      opens.push(await openAndTime(page, titleOf(chat), last));
    }
    const renderMs = opens.sort((a, b) => a - b)[Math.floor(OPENS / 2)]!;

    const before = await busyMs();
    const updates = await streamAndCount(page);
    const perUpdate = ((await busyMs()) - before) / Math.max(1, updates);
    console.log(
      `  ${String(size).padStart(5)} messages${chat.branches ? `, ${chat.branches} branches` : "            "}: first render ${renderMs.toFixed(0).padStart(5)} ms   per streamed update ${perUpdate.toFixed(2)} ms (${updates} updates)`,
    );
  }
} finally {
  await browser.close();
  server.kill("SIGTERM");
  await new Promise((r) => server.on("exit", r));
  await sql.end();
  await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
  await admin.end();
  rmSync(scratch, { recursive: true, force: true });
}

/** Clicks the conversation and times, inside the page, until its last message is on screen. */
async function openAndTime(page: Page, title: string, lastText: string) {
  // A string, not a function: the TypeScript loader would wrap named functions in a helper the
  // page does not have.
  await page.evaluate(`(() => {
    const text = ${JSON.stringify(lastText)};
    window.__t0 = performance.now();
    window.__t1 = new Promise((resolve) => {
      const check = () => {
        const found = [...document.querySelectorAll("article")].some((a) => a.textContent && a.textContent.includes(text));
        if (found) resolve(performance.now());
        return found;
      };
      if (check()) return;
      const observer = new MutationObserver(() => check() && observer.disconnect());
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
  })()`);
  await page
    .getByRole("navigation", { name: "Your Conversations" })
    .getByRole("button", { name: new RegExp(`^${title}(?! and)`) })
    .click();
  return page.evaluate<number>("window.__t1.then((t1) => t1 - window.__t0)");
}

/** Sends a message to the demo model and counts the DOM updates of the reply being written. */
async function streamAndCount(page: Page) {
  await page.evaluate(`(() => {
    window.__updates = 0;
    new MutationObserver(() => (window.__updates += 1)).observe(document.querySelector('[role="region"][aria-label="Messages"]'), { childList: true, subtree: true, characterData: true });
  })()`);
  await page.getByPlaceholder("Type your message here...").fill("Please stream a reply");
  await page.getByPlaceholder("Type your message here...").press("Enter");
  await page.getByRole("button", { name: "Send message" }).waitFor({ timeout: 30_000 });
  return page.evaluate<number>("window.__updates");
}
